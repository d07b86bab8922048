import RelopsCore

/// A build step that turns sources into an output folder or file: a bundler (shadow-cljs,
/// webpack, vite, rollup, esbuild) or a copy (`cp -r`, `copyfiles`, `cpy`, a gulp `src`/`dest`).
/// A product that bundles the output carries the sources. Read as data from its config or
/// script: nothing is evaluated, every path stays inside the repository.
struct BundlerStep: Sendable, Equatable {
    enum Tool: String, Sendable {
        case shadowCljs = "shadow-cljs"
        case webpack, vite, rollup, esbuild
        case copy = "copy step"
    }

    let tool: Tool
    /// How a reason names the step: `shadow-cljs.edn (builds :app, :electron-main)`,
    /// `package.json script \`copy\` (cp -r)`.
    let label: String
    /// The folders and files (repository paths) whose contents the step takes in.
    var sources: [String] = []
    /// Where the step writes (repository paths).
    var outputs: [String] = []
    /// Why the step could not be read (a computed path, a config that names no sources); then
    /// it has no sources and places nothing.
    var declined: String?

    /// True when `path` is one of the step's sources or lies under one.
    func takesIn(_ path: String) -> Bool { sources.contains { holds($0, path) } }
}

/// True when `path` is `folder` or lies under it ("" holds everything).
func holds(_ folder: String, _ path: String) -> Bool {
    folder.isEmpty || path == folder || path.hasPrefix(folder + "/")
}

/// The folder part of a glob before its first wildcard: `src/**/*.js` -> `src`.
func staticPrefix(ofGlob glob: String) -> String {
    var parts: [Substring] = []
    for part in glob.split(separator: "/") {
        if part.contains(where: { "*?[{!".contains($0) }) { break }
        parts.append(part)
    }
    if parts.last == "." { parts.removeLast() }
    return parts.joined(separator: "/")
}

enum BundlerConfigReader {
    /// The file names whose files are bundler configs, lower-case.
    static func isConfig(_ lowerName: String) -> Bool {
        if lowerName == "shadow-cljs.edn" || lowerName == "gulpfile.js" || lowerName == "gulpfile.mjs" { return true }
        for stem in ["webpack.config.", "vite.config.", "rollup.config."] where lowerName.hasPrefix(stem) {
            return ["js", "mjs", "cjs", "ts", "mts"].contains(String(lowerName.dropFirst(stem.count)))
        }
        return false
    }

    /// The step a bundler config at `path` defines; nil for a file that is no bundler config.
    static func read(path: String, text: String) -> BundlerStep? {
        let lower = nameOf(path).lowercased()
        let folder = folderOf(path)
        if lower == "shadow-cljs.edn" { return shadowCljs(path: path, text: text) }
        if lower.hasPrefix("gulpfile.") { return gulp(path: path, text: JSConfigText(text), folder: folder) }
        if lower.hasPrefix("webpack.config.") { return webpack(path: path, text: JSConfigText(text), folder: folder) }
        if lower.hasPrefix("vite.config.") { return vite(path: path, text: JSConfigText(text), folder: folder) }
        if lower.hasPrefix("rollup.config.") { return rollup(path: path, text: JSConfigText(text), folder: folder) }
        return nil
    }

    /// `shadow-cljs.edn`: every build but the test ones writes its `:output-dir` (browser, ESM;
    /// default `public/js`) or `:output-to` (Node scripts and libraries); what any build reaches
    /// lies under `:source-paths`, which stand for the sources (the namespaces the `:modules`
    /// entries require, and the data files their macros compile in).
    static func shadowCljs(path: String, text: String) -> BundlerStep {
        let folder = folderOf(path)
        var step = BundlerStep(tool: .shadowCljs, label: path)
        guard let config = EDNReader.read(text), case .map = config else {
            step.declined = "\(path) is not an EDN map relops can read"
            return step
        }
        guard case .map(let builds)? = config["builds"] else {
            step.declined = "\(path) has no `:builds` map"
            return step
        }
        var names: [String] = []
        for (key, build) in builds {
            guard case .keyword(let name) = key else { continue }
            let target: String
            if case .keyword(let t)? = build["target"] { target = t } else { target = "" }
            if ["node-test", "karma", "browser-test"].contains(target) { continue }  // test builds ship nothing
            let output = build["output-dir"] ?? build["output-to"] ?? (target == "browser" ? .string("public/js") : nil)
            guard let output else { continue }
            guard let written = output.string, let resolved = resolve(written, from: folder) else {
                step.declined = "\(path): build :\(name) writes to a path known only when it runs"
                return step
            }
            names.append(":" + name)
            step.outputs.append(resolved)
        }
        step = BundlerStep(
            tool: .shadowCljs, label: "\(path) (builds \(names.joined(separator: ", ")))", outputs: step.outputs)
        guard let paths = config["source-paths"] else {
            let from =
                config["deps"] != nil ? "deps.edn (`:deps`)" : config["lein"] != nil ? "project.clj (`:lein`)" : nil
            step.declined =
                from.map { "\(path) takes its source paths from \($0), which relops does not read" }
                ?? "\(path) names no `:source-paths`"
            return step
        }
        guard let list = paths.strings else {
            step.declined = "\(path): `:source-paths` is not a vector of strings"
            return step
        }
        step.sources = list.compactMap { resolve($0, from: folder) }
        return step
    }
}
