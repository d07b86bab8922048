import RelopsCore

// The rules for sources that a bundler or copy step builds into a folder a product bundles:
// they ship where the output goes (issue 40, case 3).

/// A file under the source paths of a shadow-cljs build whose output a product bundles.
struct ShadowCljsSource: PathRule, ExplainsDecline {
    static let id = "bundler.shadow-cljs-source"
    static let description =
        "ClojureScript, and the EDN data a macro compiles in, under a shadow-cljs config's `:source-paths` ships where its builds' `:output-dir` goes"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .binaryConfig, .server]
    static let example = RuleExample(
        [
            (
                "shadow-cljs.edn",
                "{:source-paths [\"src\"]\n :builds {:app {:target :browser :output-dir \"www/js\" :modules {:main {:init-fn app.core/init}}}}}\n"
            ),
            ("capacitor.config.json", #"{ "appId": "com.example.app", "webDir": "www" }"#),
            ("android/app/build.gradle", "apply plugin: 'com.android.application'\n"),
            ("src/app/core.cljs", "(ns app.core)\n\n(def api \"https://app.example.com\")\n"),
        ], at: "src/app/core.cljs")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard !file.index.bundlers.isEmpty else { return nil }  // no step: nothing to ask of the name
        let code = [".cljs", ".cljc", ".clj", ".js", ".ts"].contains { file.lowerName.hasSuffix($0) }
        let kind = code ? "source compiled into the bundle" : "data a macro or the build compiles into the bundle"
        return bundled(file, tools: [.shadowCljs], as: (code ? .binaryLiteral : .binaryConfig, kind))
    }

    static func whyDeclined(_ file: PathContext) -> String? { declined(file, tools: [.shadowCljs]) }
}

/// A file under the entries of a webpack, Vite, rollup or esbuild build whose output a product bundles.
struct JavaScriptBundleSource: PathRule, ExplainsDecline {
    static let id = "bundler.js-bundle-source"
    static let description =
        "source under the entries of a webpack, Vite, rollup or esbuild build ships where its output folder goes"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .binaryConfig, .server]
    static let example = RuleExample(
        [
            (
                "editor/webpack.config.js",
                "const path = require('path');\nmodule.exports = {\n  entry: './src/index.js',\n  output: { path: path.resolve(__dirname, '../desktop/js'), filename: 'editor.js' },\n};\n"
            ),
            ("editor/src/index.js", "export const api = 'https://app.example.com';\n"),
            (
                "desktop/package.json",
                #"{ "name": "desktop", "main": "main.js", "devDependencies": { "electron": "31.0.0" } }"#
            ),
        ], at: "editor/src/index.js")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard !file.index.bundlers.isEmpty, let shipped = shippedWithApp(file.path, file.lowerName) else { return nil }
        return bundled(file, tools: [.webpack, .vite, .rollup, .esbuild], as: shipped)
    }

    static func whyDeclined(_ file: PathContext) -> String? {
        declined(file, tools: [.webpack, .vite, .rollup, .esbuild])
    }
}

/// A file in a folder that a script or gulp task copies into a folder a product bundles.
struct CopiedIntoBundle: PathRule, ExplainsDecline {
    static let id = "bundler.copied-folder"
    static let description =
        "a file in a folder a package.json script (`cp -r`, `copyfiles`, `cpy`) or gulp task copies into a bundled folder ships there"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .binaryConfig, .server]
    static let example = RuleExample(
        [
            (
                "package.json",
                #"{ "name": "shop", "scripts": { "copy": "cp -r shared/js www/js" }, "dependencies": { "@capacitor/core": "6.1.0" } }"#
            ),
            ("capacitor.config.json", #"{ "appId": "com.example.app", "webDir": "www" }"#),
            ("android/app/build.gradle", "apply plugin: 'com.android.application'\n"),
            ("shared/js/api.js", "export const api = 'https://app.example.com';\n"),
        ], at: "shared/js/api.js")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard !file.index.bundlers.isEmpty, !isDocument(file.lowerName) else { return nil }
        let shipped = shippedWithApp(file.path, file.lowerName) ?? (.binaryConfig, "a file copied into the bundle")
        return bundled(file, tools: [.copy], as: shipped)
    }

    static func whyDeclined(_ file: PathContext) -> String? { declined(file, tools: [.copy]) }
}

/// The decision for a file that a step of `tools` takes in and whose output a product bundles:
/// `shipped` when an app carries it, `server` when only servers and sites do; nil otherwise.
private func bundled(
    _ file: PathContext, tools: Set<BundlerStep.Tool>, as shipped: (OccurrenceClass, String)
) -> (OccurrenceClass, String)? {
    for step in file.index.bundlers {
        guard let bundler = step.bundler, tools.contains(bundler.tool), bundler.takesIn(file.path) else { continue }
        let links = file.classifier.graph.links(of: step)
        guard let first = links.first(where: { $0.product.kind == .app }) ?? links.first else { continue }
        let names = links.map(\.product.name).joined(separator: ", ")
        let chain = chainText([file.path] + first.chain.map { $0.facts.chainLabel })
        let taken = bundler.tool == .copy ? "copied by" : "in the sources of"
        guard links.contains(where: { $0.product.kind == .app }) else {
            return (
                .server,
                "\(taken) \(bundler.label), whose output \(names) serves (\(chain)): deployed, not a store release"
            )
        }
        return (shipped.0, "\(taken) \(bundler.label), whose output \(names) bundles (\(chain)): \(shipped.1)")
    }
    return nil
}

/// Why no step of `tools` placed the file: a step in a folder above it that relops could not read.
private func declined(_ file: PathContext, tools: Set<BundlerStep.Tool>) -> String? {
    file.index.bundlers.compactMap { step -> String? in
        guard let bundler = step.bundler, tools.contains(bundler.tool), holds(step.root, file.path) else { return nil }
        return bundler.declined
    }.first
}
