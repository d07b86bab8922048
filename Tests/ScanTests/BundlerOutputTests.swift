import RelopsCore
import Scan
import TestSupport
import Testing

/// Sources that a bundler or copy step builds into a folder a shipped product bundles ship in
/// that product (issue 40, case 3).
@Suite struct BundlerOutputTests {
    /// A ClojureScript app: shadow-cljs builds `src/main` into Capacitor's `webDir` and into the
    /// Electron app's folder; a macro compiles `src/dicts/*.edn` in.
    @Test func shadowCljsSourcesShipWhereTheBuildOutputGoes() throws {
        let repo = GitFixture("shadow-cljs-capacitor-electron")
        repo.write(
            "package.json",
            """
            { "name": "notes", "private": true,
              "scripts": { "release": "shadow-cljs release app electron-main", "sync": "cap sync" },
              "dependencies": { "@capacitor/core": "6.1.0", "@capacitor/android": "6.1.0", "@capacitor/ios": "6.1.0" },
              "devDependencies": { "shadow-cljs": "2.28.10", "@capacitor/cli": "6.1.0" } }
            """)
        repo.write(
            "shadow-cljs.edn",
            """
            ;; shadow-cljs configuration
            {:source-paths ["src/main" "src/dicts" "src/test"]
             :dependencies [[reagent "1.2.0"] [com.taoensso/tempura "1.5.3"]]
             :dev-http {8080 "resources/public"}
             :builds
             {:app {:target :browser
                    :output-dir "resources/public/js/compiled"
                    :asset-path "/js/compiled"
                    :modules {:main {:init-fn notes.core/init}}}
              :electron-main {:target :node-script
                              :main notes.electron/main
                              :output-to "electron/app/main.js"}
              :test {:target :node-test :output-to "target/test.js" :ns-regexp "-test$"}}}
            """)
        repo.write(
            "capacitor.config.json",
            #"{ "appId": "com.example.notes", "appName": "Notes", "webDir": "resources/public" }"#)
        repo.write(
            "src/main/notes/core.cljs",
            "(ns notes.core (:require [notes.i18n :refer [tr]]))\n\n(def api-base \"https://host.com/api\")\n")
        repo.write(
            "src/main/notes/i18n.cljc",
            "(ns notes.i18n)\n\n(defmacro dicts [] (read-string (slurp \"src/dicts/en.edn\")))\n")
        repo.write("src/dicts/en.edn", "{:en {:help-url \"https://host.com/help\"}}\n")
        repo.write("resources/public/index.html", "<script src=\"/js/compiled/main.js\"></script>\n")
        repo.write("ios/App/App.xcodeproj/project.pbxproj", capacitorAppPBXProj)
        repo.write("ios/App/App/Info.plist", "<plist><string>com.example.notes</string></plist>\n")
        repo.write("android/settings.gradle", "include ':app'\n")
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.write(
            "electron/package.json",
            """
            { "name": "notes-desktop", "main": "app/main.js",
              "devDependencies": { "electron": "31.0.0", "electron-builder": "24.13.3" } }
            """)
        repo.commit("clojurescript app")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["src/main/notes/core.cljs", "src/dicts/en.edn"] {
            let o = try #require(result.occurrence(path))
            #expect(o.occurrenceClass.isBinary, "\(path): \(o.ruleID) \(o.rule)")
            #expect(o.products.map(\.name).sorted() == ["Shop", "app", "electron"], "\(path): \(o.rule)")
            #expect(o.ruleID == "bundler.shadow-cljs-source", "\(path): \(o.rule)")
            #expect(o.rule.contains("shadow-cljs.edn"), "\(o.rule)")
        }
        #expect(result.classOf("src/main/notes/core.cljs") == .binaryLiteral)
        #expect(result.classOf("src/dicts/en.edn") == .binaryConfig)
    }

    /// A `:deps`-driven shadow-cljs config names no source paths of its own: the rule declines and
    /// `--explain` says why.
    @Test func shadowCljsWithoutSourcePathsDeclinesAndSaysWhy() throws {
        let repo = GitFixture("shadow-cljs-deps")
        repo.write("package.json", #"{ "dependencies": { "@capacitor/core": "6.1.0" } }"#)
        repo.write(
            "shadow-cljs.edn",
            "{:deps {:aliases [:cljs]}\n :builds {:app {:target :browser :output-dir \"www/js\" :modules {:main {:init-fn a.core/init}}}}}\n"
        )
        repo.write("capacitor.config.json", #"{ "appId": "com.example.a", "webDir": "www" }"#)
        repo.write("src/a/core.cljs", "(def api \"https://host.com\")\n")
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.commit("deps")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let o = try #require(result.occurrence("src/a/core.cljs"))
        #expect(o.ruleID != "bundler.shadow-cljs-source")
        let project = try Project(path: repo.root)
        let explanation = try explain(
            project, ScanRequest(hosts: ["host.com"]), ExplainTarget(parsing: "src/a/core.cljs", root: project.root))
        let trials = try #require(explanation.occurrences.first).trials
        let trial = try #require(trials.first { $0.ruleID == "bundler.shadow-cljs-source" })
        #expect("\(trial.verdict)".contains("deps.edn"), "\(trial.verdict)")
    }
}

/// webpack, Vite, rollup and esbuild builds, and the copies that carry their output on.
@Suite struct JavaScriptBundlerTests {
    /// A library built by webpack into a committed `resources/js/` that the desktop app copies
    /// (`cp -R`) and the site copies (a gulp task): its sources, and the committed output, ship in both.
    @Test func webpackOutputCopiedByTheDesktopAppAndTheSite() throws {
        let repo = GitFixture("webpack-resources-js")
        repo.write(
            "editor/package.json",
            #"{ "name": "@notes/editor", "scripts": { "build": "webpack --mode production" }, "devDependencies": { "webpack": "5.91.0", "webpack-cli": "5.1.4" } }"#
        )
        repo.write(
            "editor/webpack.config.js",
            """
            const path = require('path');

            // The editor bundle the desktop app and the site both load.
            module.exports = {
              mode: 'production',
              entry: { editor: './src/index.js' },
              output: {
                path: path.resolve(__dirname, '../resources/js'),
                filename: '[name].js',
                library: 'Editor',
              },
            };
            """)
        repo.write("editor/src/index.js", "export const shareBase = 'https://host.com/share/';\n")
        repo.write("resources/js/editor.js", "var Editor={shareBase:\"https://host.com/share/\"};\n")
        repo.write(
            "desktop/package.json",
            """
            { "name": "notes-desktop", "main": "main.js",
              "scripts": { "prebuild": "rm -rf app/js && cp -R ../resources/js ./app/js", "dist": "electron-builder" },
              "devDependencies": { "electron": "31.0.0", "electron-builder": "24.13.3" } }
            """)
        repo.write("desktop/main.js", "const { app } = require('electron');\n")
        repo.write(
            "site/gulpfile.js",
            """
            const { src, dest, series } = require('gulp');

            function scripts() {
              return src(['../resources/js/**/*.js', '!../resources/js/**/*.map'])
                .pipe(dest('public/js'));
            }

            exports.default = series(scripts);
            """)
        repo.write("site/public/.well-known/assetlinks.json", "[]\n")
        repo.write("site/public/index.html", "<script src=\"/js/editor.js\"></script>\n")
        repo.commit("editor library")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let source = try #require(result.occurrence("editor/src/index.js"))
        #expect(source.ruleID == "bundler.js-bundle-source", "\(source.rule)")
        #expect(source.occurrenceClass == .binaryLiteral, "\(source.rule)")
        #expect(source.products.map(\.name).sorted() == ["desktop", "site/public"], "\(source.rule)")
        let output = try #require(result.occurrence("resources/js/editor.js"))
        #expect(output.ruleID == "bundler.copied-folder", "\(output.rule)")
        #expect(output.products.map(\.name).sorted() == ["desktop", "site/public"], "\(output.rule)")
    }

    /// Vite builds the UI into the Electron app's folder (`build.outDir: '../desktop/renderer'`):
    /// its root `index.html`, `src/` and `public/` ship in the desktop app.
    @Test func viteOutDirInsideTheElectronApp() throws {
        let repo = GitFixture("vite-electron")
        repo.write(
            "ui/package.json",
            #"{ "name": "ui", "private": true, "scripts": { "build": "vite build" }, "devDependencies": { "vite": "5.2.0" } }"#
        )
        repo.write(
            "ui/vite.config.ts",
            """
            import { defineConfig } from 'vite'

            export default defineConfig({
              base: './',
              build: { outDir: '../desktop/renderer', emptyOutDir: true },
            })
            """)
        repo.write("ui/index.html", "<link rel=\"preconnect\" href=\"https://host.com\">\n")
        repo.write("ui/src/api.ts", "export const base = 'https://host.com/api'\n")
        repo.write(
            "desktop/package.json",
            #"{ "name": "desk", "main": "main.js", "devDependencies": { "electron": "31.0.0" } }"#)
        repo.commit("vite ui")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["ui/index.html", "ui/src/api.ts"] {
            let o = try #require(result.occurrence(path))
            #expect(o.ruleID == "bundler.js-bundle-source", "\(path): \(o.rule)")
            #expect(o.occurrenceClass == .binaryLiteral, "\(path): \(o.rule)")
            #expect(o.products.map(\.name) == ["desktop"], "\(path): \(o.rule)")
        }
    }

    /// rollup writes a widget into a site's folder: its sources deploy with the site, no store release.
    @Test func rollupOutputFileServedByASite() throws {
        let repo = GitFixture("rollup-site")
        repo.write(
            "widget/rollup.config.mjs",
            """
            export default {
              input: 'src/widget.js',
              output: { file: '../site/public/widget.js', format: 'iife', name: 'Widget' },
            };
            """)
        repo.write("widget/src/widget.js", "const base = 'https://host.com';\n")
        repo.write("site/public/.well-known/apple-app-site-association", "{}\n")
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.commit("widget")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let o = try #require(result.occurrence("widget/src/widget.js"))
        #expect(o.ruleID == "bundler.js-bundle-source", "\(o.rule)")
        #expect(o.occurrenceClass == .server, "\(o.rule)")
        #expect(o.products.map(\.name) == ["site/public"], "\(o.rule)")
    }

    /// An esbuild script bundles a JS SDK into the Android app's assets.
    @Test func esbuildScriptIntoAndroidAssets() throws {
        let repo = GitFixture("esbuild-assets")
        repo.write(
            "sdk-js/package.json",
            #"{ "name": "bridge", "scripts": { "build": "esbuild src/index.ts --bundle --minify --outfile=../android/app/src/main/assets/bridge.js" }, "devDependencies": { "esbuild": "0.21.5" } }"#
        )
        repo.write("sdk-js/src/index.ts", "export const api = 'https://host.com/v2';\n")
        repo.write("android/settings.gradle", "include ':app'\n")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.commit("bridge")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let o = try #require(result.occurrence("sdk-js/src/index.ts"))
        #expect(o.ruleID == "bundler.js-bundle-source", "\(o.rule)")
        #expect(o.occurrenceClass == .binaryLiteral, "\(o.rule)")
        #expect(o.products.map(\.name) == ["app"], "\(o.rule)")
    }

    /// A computed `output.path` is not guessed: the rule declines and says why.
    @Test func computedWebpackOutputDeclines() throws {
        let repo = GitFixture("webpack-computed")
        repo.write(
            "web/webpack.config.js",
            "module.exports = { entry: './src/a.js', output: { path: process.env.OUT_DIR } };\n")
        repo.write("web/src/a.js", "const a = 'https://host.com';\n")
        repo.write("desktop/package.json", #"{ "main": "main.js", "devDependencies": { "electron": "31.0.0" } }"#)
        repo.commit("computed")
        let project = try Project(path: repo.root)
        let explanation = try explain(
            project, ScanRequest(hosts: ["host.com"]), ExplainTarget(parsing: "web/src/a.js", root: project.root))
        let item = try #require(explanation.occurrences.first)
        #expect(item.occurrence.ruleID != "bundler.js-bundle-source")
        let trial = try #require(item.trials.first { $0.ruleID == "bundler.js-bundle-source" })
        #expect("\(trial.verdict)".contains("output.path"), "\(trial.verdict)")
    }
}
