import RelopsCore
import TestSupport
import Testing

@testable import Scan

/// What ships in each head's app of a Flutter app (issue 29): lib/, the path package, assets and
/// gen-l10n ARB files in both; tests; the `--dart-define` values of the Fastfiles and a workflow,
/// naming the `String.fromEnvironment` default they override; what no build file places is `unknown`.
@Suite struct FlutterAppTests {
    @Test func whatShipsInEachHeadsApp() throws {
        let repo = makeFlutterApp()
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        func expect(
            _ path: String, _ cls: OccurrenceClass, _ rule: String, line: Int? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let o = result.occurrences.first { $0.path == path && (line == nil || $0.line == line) }
            #expect(o?.occurrenceClass == cls, "\(path): \(o?.rule ?? "no occurrence")", sourceLocation: sourceLocation)
            #expect(o?.ruleID == rule, "\(path)", sourceLocation: sourceLocation)
        }
        expect("lib/config.dart", .binaryLiteral, "flutter.lib")
        expect("lib/l10n/generated/app_localizations_en.dart", .binaryLiteral, "flutter.lib")
        expect("packages/core/lib/api.dart", .binaryLiteral, "flutter.lib")
        expect("lib/l10n/app_en.arb", .binaryConfig, "flutter.asset")
        expect("lib/l10n/app_de.arb", .binaryConfig, "flutter.asset")
        expect("assets/config/links.json", .binaryConfig, "flutter.asset")
        expect("assets/terms.html", .binaryConfig, "flutter.asset")
        expect("test/widget_test.dart", .test, "path.test-folder")
        expect("integration_test/app_test.dart", .test, "flutter.test")
        expect("pubspec.yaml", .build, "flutter.build-file", line: 3)
        expect("config/prod.json", .binaryConfig, "flutter.dart-define-file")
        #expect(result.occurrence("config/prod.json")?.rule.contains("`--dart-define-from-file` at Makefile:2") == true)
        expect("android/fastlane/Fastfile", .binaryConfig, "flutter.dart-define")
        expect("ios/fastlane/Fastfile", .binaryConfig, "flutter.dart-define")
        expect(".github/workflows/release.yml", .binaryConfig, "flutter.dart-define", line: 7)
        #expect(
            result.occurrences.first { $0.path == ".github/workflows/release.yml" && $0.line == 8 }?.occurrenceClass
                .isBinary == false)
        // An asset folder that `flutter: assets:` does not list is no asset: no build file places it.
        expect("assets/unlisted/old.json", .unknown, "flutter.not-bundled")
        #expect(
            result.occurrence("assets/unlisted/old.json")?.rule.contains("the nearest build file is pubspec.yaml")
                == true)

        // One app per head: the Android app and the iOS app each compile lib/ and the path package.
        let heads = ["Android app `app`", "iOS app `Runner`"]
        for path in ["lib/config.dart", "packages/core/lib/api.dart", "lib/l10n/app_en.arb", "assets/terms.html"] {
            #expect(result.occurrence(path)?.products.map(\.label).sorted() == heads, "\(path)")
        }
        #expect(result.occurrence("lib/config.dart")?.rule.contains("pubspec.yaml (Flutter package)") == true)
        #expect(result.occurrence("lib/l10n/app_en.arb")?.rule.contains("`arb-dir` of l10n.yaml") == true)
        #expect(
            result.occurrence("assets/terms.html")?.rule.contains("`flutter: assets:` (`assets/terms.html`)") == true)
        let define = try #require(result.occurrence("ios/fastlane/Fastfile"))
        #expect(
            define.rule.contains(
                "overrides `String.fromEnvironment('HOST', defaultValue: 'staging.example.net')` at lib/config.dart:1"))
        #expect(define.rule.contains("`--dart-define=HOST=`"))
        // A define ships in the apps that compile the Dart file it overrides, of the platform its
        // `flutter build <target>` builds, wherever the file that runs the build lives.
        #expect(result.occurrence("ios/fastlane/Fastfile")?.products.map(\.label) == ["iOS app `Runner`"])
        #expect(result.occurrence("android/fastlane/Fastfile")?.products.map(\.label) == ["Android app `app`"])
        #expect(
            result.occurrences.first { $0.path == ".github/workflows/release.yml" && $0.line == 7 }?.products.map(
                \.label) == ["Android app `app`"])
    }

    /// The `web/` head is a deployed web app; `windows/` and `linux/` are desktop apps; the
    /// `macos/` Runner (SDKROOT macosx) is a macOS app: `lib/` ships in each of them.
    @Test func everyHeadIsAnApp() throws {
        let repo = makeFlutterApp(allHeads: true)
        repo.write(
            ".github/workflows/desktop.yml",
            "jobs:\n  linux:\n    steps:\n      - run: flutter build linux --dart-define=HOST=host.com\n"
                + "  windows:\n    steps:\n      - run: flutter build windows --release --dart-define=HOST=host.com\n")
        repo.commit("desktop builds")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        func expect(
            _ path: String, _ cls: OccurrenceClass, _ rule: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let o = result.occurrence(path)
            #expect(o?.occurrenceClass == cls, "\(path): \(o?.rule ?? "no occurrence")", sourceLocation: sourceLocation)
            #expect(o?.ruleID == rule, "\(path)", sourceLocation: sourceLocation)
        }
        expect("web/index.html", .server, "flutter.web-head")
        expect("web/manifest.json", .server, "flutter.web-head")
        expect("windows/runner/main.cpp", .binaryLiteral, "flutter.desktop-head")
        expect("linux/runner/my_application.cc", .binaryLiteral, "flutter.desktop-head")
        expect("windows/CMakeLists.txt", .build, "flutter.desktop-head")
        expect("linux/CMakeLists.txt", .build, "flutter.desktop-head")
        expect("lib/config.dart", .binaryLiteral, "flutter.lib")
        #expect(result.occurrence("web/index.html")?.rule.contains("`flutter build web`") == true)
        #expect(result.occurrence("web/manifest.json")?.products.map(\.label) == ["Flutter web app `web/`"])
        #expect(
            result.occurrence("windows/runner/main.cpp")?.products.map(\.label) == ["desktop app (Flutter) `windows`"])
        #expect(
            result.occurrence("linux/runner/my_application.cc")?.products.map(\.label) == [
                "desktop app (Flutter) `linux`"
            ])

        let heads = [
            "Android app `app`", "Flutter web app `web/`", "desktop app (Flutter) `linux`",
            "desktop app (Flutter) `windows`", "iOS app `Runner`", "macOS app `Runner`",
        ]
        for path in ["lib/config.dart", "packages/core/lib/api.dart", "lib/l10n/app_en.arb"] {
            #expect(result.occurrence(path)?.products.map(\.label).sorted() == heads, "\(path)")
        }
        let products = try #require(result.occurrence("lib/config.dart")?.products)
        let web = try #require(products.first { $0.name == "web/" })
        #expect(web.kind == .server && web.platforms.isEmpty)
        #expect(products.filter { $0.platforms == [.desktop] }.map(\.name).sorted() == ["linux", "windows"])
        let mac = try #require(products.first { $0.file == "macos/Runner.xcodeproj" })
        #expect(mac.platforms == [.macOS] && mac.description == "macOS app")
        #expect(products.first { $0.file == "ios/Runner.xcodeproj" }?.platforms == [.iOS])
        #expect(
            result.occurrence("macos/Runner/MainFlutterWindow.swift")?.products.map(\.label) == ["macOS app `Runner`"])
        // `flutter build linux` / `windows` ship a define in that head's desktop app only.
        func defineProducts(_ line: Int) -> [String]? {
            result.occurrences.first { $0.path == ".github/workflows/desktop.yml" && $0.line == line }?.products.map(
                \.label)
        }
        #expect(defineProducts(4) == ["desktop app (Flutter) `linux`"])
        #expect(defineProducts(7) == ["desktop app (Flutter) `windows`"])
    }

    /// A Flutter app whose `pubspec.yaml` is at the repository's root: its README, `docs/`, CI,
    /// deployment and server files are placed by their own rules, not left `unknown` as files of
    /// the package; a script or an unlisted asset still is, and no library chain ships them.
    @Test func theRepositorysOwnFilesBesideARootPubspecArePlacedByTheirOwnRules() throws {
        let repo = makeFlutterApp()
        let files: [(String, String, OccurrenceClass, String)] = [
            ("README.md", "See https://host.com\n", .docs, "docs.document"),
            ("CHANGELOG.md", "- moved to https://host.com\n", .docs, "docs.document"),
            ("docs/setup.html", "<a href=\"https://host.com\">site</a>\n", .docs, "docs.folder"),
            (".gitlab-ci.yml", "smoke:\n  script: curl https://host.com/health\n", .repoMeta, "ci.pipeline"),
            (
                "codemagic.yaml", "workflows:\n  w:\n    scripts:\n      - curl https://host.com\n", .repoMeta,
                "ci.pipeline"
            ),
            ("Dockerfile", "FROM nginx\nENV HOST=host.com\n", .server, "deploy.configuration"),
            ("infra/stack.ts", "const domain = 'host.com';\n", .server, "deploy.configuration"),
            ("deploy/nginx.conf", "server { server_name host.com; }\n", .server, "deploy.configuration"),
            ("Caddyfile", "host.com {\n  root * build/web\n}\n", .server, "server.configuration"),
            ("tool/seed.sh", "curl https://host.com/seed\n", .unknown, "flutter.not-bundled"),
            ("tool/seed.dart", "final u = 'https://host.com/seed';\n", .unknown, "flutter.not-bundled"),
            ("assets/unlisted/old.json", "{\"url\": \"https://host.com\"}\n", .unknown, "flutter.not-bundled"),
        ]
        for (path, text, _, _) in files { repo.write(path, text) }
        repo.commit("the repository's own files")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for (path, _, cls, rule) in files {
            let o = result.occurrence(path)
            #expect(o?.occurrenceClass == cls, "\(path): \(o?.rule ?? "no occurrence")")
            #expect(o?.ruleID == rule, "\(path)")
            if cls != .server { #expect(o?.products.isEmpty == true, "\(path)") }
        }
    }

    /// A Flutter plugin the app depends on by `path:`: its platform folders are built into the
    /// apps of their platform, and its `linux/` is no desktop app of its own.
    @Test func aPluginsPlatformCodeShipsInThatPlatformsApps() throws {
        let repo = makeFlutterApp(allHeads: true)
        repo.write(
            "packages/core/pubspec.yaml",
            "name: core\nflutter:\n  plugin:\n    platforms:\n      android:\n        pluginClass: CorePlugin\n"
                + "      linux:\n        pluginClass: CorePlugin\n      ios:\n        pluginClass: CorePlugin\n")
        repo.write("packages/core/android/build.gradle", "plugins { id 'com.android.library' }\n")
        repo.write("packages/core/android/src/main/kotlin/CorePlugin.kt", "val home = \"https://host.com\"\n")
        repo.write("packages/core/ios/Classes/CorePlugin.swift", "let home = \"https://host.com\"\n")
        repo.write("packages/core/linux/CMakeLists.txt", "add_library(core_plugin SHARED \"core_plugin.cc\")\n")
        repo.write("packages/core/linux/core_plugin.cc", "static const char* kHome = \"https://host.com\";\n")
        repo.commit("a plugin")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let expected = [
            "packages/core/android/src/main/kotlin/CorePlugin.kt": ["Android app `app`"],
            "packages/core/ios/Classes/CorePlugin.swift": ["iOS app `Runner`"],
            "packages/core/linux/core_plugin.cc": ["desktop app (Flutter) `linux`"],
        ]
        for (path, apps) in expected {
            let o = try #require(result.occurrence(path))
            #expect(
                o.occurrenceClass == .binaryLiteral && o.ruleID == "flutter.plugin-platform-code", "\(path): \(o.rule)")
            #expect(o.products.map(\.label) == apps, "\(path)")
        }
        #expect(!result.products.contains { $0.product.file.hasPrefix("packages/core/") }, "\(result.products)")
    }

    /// A plugin no app of the repository depends on ships in no product the build files show:
    /// said so, never called compiled into an app.
    @Test func aPluginNoAppDependsOnIsPlacedOutsideEveryProduct() throws {
        let repo = GitFixture("lone-plugin")
        repo.write(
            "pubspec.yaml", "name: auth\nflutter:\n  plugin:\n    platforms:\n      linux:\n        pluginClass: A\n")
        repo.write("lib/auth.dart", "const channel = 'auth';\n")
        repo.write("linux/CMakeLists.txt", "add_library(auth_plugin SHARED \"auth_plugin.cc\")\n")
        repo.write("linux/auth_plugin.cc", "static const char* kHome = \"https://host.com\";\n")
        repo.commit("plugin")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let o = try #require(result.occurrence("linux/auth_plugin.cc"))
        #expect(o.occurrenceClass == .other && o.ruleID == "flutter.plugin-platform-code", "\(o.rule)")
        #expect(o.rule.contains("no linux app the build files show depends on it"))
        #expect(o.products.isEmpty && result.products.isEmpty)
    }

    /// A `web/index.html` beside a Dart package without `flutter:` is no Flutter head.
    @Test func aWebFolderOfAPlainDartPackageIsNoHead() throws {
        let repo = GitFixture("dart-web")
        repo.write("pubspec.yaml", "name: tool\ndependencies:\n  http: ^1.2.0\n")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write("web/index.html", "<a href=\"https://host.com\">home</a>\n")
        repo.commit("Dart package")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.occurrence("web/index.html")?.ruleID != "flutter.web-head")
        #expect(result.occurrence("web/index.html")?.products.map(\.label) != ["Flutter web app `web/`"])
    }

    @Test func theDartDefineKeyIsReadOnlyInsideItsValue() {
        let line = #"flutter build ipa --flavor prod --dart-define=HOST=host.com --dart-define-from-file=host.com.json"#
        let value = Array(line.utf8).count - Array("host.com --dart-define-from-file=host.com.json".utf8).count + 1
        #expect(FlutterDartDefine.dartDefineKey(line, column: value) == "HOST")
        let fromFile = Array(line.utf8).count - Array("host.com.json".utf8).count + 1
        #expect(FlutterDartDefine.dartDefineKey(line, column: fromFile) == nil)
        #expect(FlutterDartDefine.dartDefineKey("curl https://host.com", column: 14) == nil)
    }

    @Test func aPubWorkspacePackageShipsInTheAppThatDependsOnIt() throws {
        let repo = GitFixture("flutter-workspace")
        repo.write(
            "pubspec.yaml", "name: mono\nenvironment:\n  sdk: ^3.6.0\nworkspace:\n  - apps/shop\n  - packages/ui\n")
        repo.write(
            "apps/shop/pubspec.yaml",
            "name: shop\nresolution: workspace\ndependencies:\n  flutter:\n    sdk: flutter\n  ui: ^1.0.0\nflutter:\n  uses-material-design: true\n"
        )
        repo.write("apps/shop/android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write("apps/shop/lib/main.dart", "const home = 'https://host.com';\n")
        repo.write("packages/ui/pubspec.yaml", "name: ui\nresolution: workspace\n")
        repo.write("packages/ui/lib/links.dart", "const terms = 'https://host.com/terms';\n")
        repo.commit("pub workspace")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["apps/shop/lib/main.dart", "packages/ui/lib/links.dart"] {
            #expect(result.classOf(path) == .binaryLiteral, "\(path): \(result.occurrence(path)?.rule ?? "")")
            #expect(result.occurrence(path)?.ruleID == "flutter.lib")
            #expect(result.occurrence(path)?.products.map(\.label) == ["Android app `app`"])
        }
    }
}

/// Issue 42, case 5: the pubspec is read as YAML (libyaml), so every form pub reads counts: a flow
/// sequence of assets, quoted keys, a `path:` dependency written as a flow mapping.
@Suite struct FlutterPubspecYAMLTests {
    @Test func flowSequencesQuotedKeysAndFlowMappingsAreRead() {
        let spec = FlutterPubspec(
            text: """
                name: "shop"
                dependencies:
                  flutter: {sdk: flutter}
                  core: {path: ../core}
                "flutter":
                  generate: true
                  assets: [assets/terms.html, "assets/config/"]

                """)
        #expect(spec.name == "shop" && spec.isFlutter && spec.generate && !spec.isPlugin)
        #expect(spec.assets == ["assets/terms.html", "assets/config/"])
        #expect(spec.dependencies == ["flutter", "core"])
        #expect(spec.pathDependencies == ["../core"])
    }

    /// l10n.yaml is read as YAML: a quoted `arb-dir` with a comment after it is the folder, a
    /// nested `arb-dir` is not the top-level one, and one libyaml refuses keeps the default.
    @Test func theArbDirOfL10nYamlIsReadAsYAML() {
        var spec = FlutterPubspec(text: "name: shop\nflutter:\n  generate: true\n")
        spec.readL10n("\"arb-dir\": 'lib/i18n/'  # the translations\nnested:\n  arb-dir: elsewhere\n")
        #expect(spec.arbDirectory == "lib/i18n" && spec.hasL10nFile)
        #expect(spec.compilesARB("lib/i18n/app_en.arb") && !spec.compilesARB("elsewhere/app_en.arb"))
        var refused = FlutterPubspec(text: "name: shop\n")
        refused.readL10n("arb-dir: [unclosed\n")
        #expect(refused.arbDirectory == "lib/l10n" && refused.hasL10nFile)
    }

    @Test func aPubspecPubRefusesSaysNothingShips() {
        let spec = FlutterPubspec(text: "name: shop\nflutter:\n  assets: [unclosed\n")
        #expect(spec.name.isEmpty && !spec.isFlutter && spec.assets.isEmpty && spec.dependencies.isEmpty)
    }
}
