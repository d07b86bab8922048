import RelopsCore

extension BundlerConfigReader {
    /// `webpack.config.*`: `output.path` (default `dist`) is written from the folders of the
    /// `entry` files (default `./src/index.js`), resolved against `context` when it is a literal.
    static func webpack(path: String, text: JSConfigText, folder: String) -> BundlerStep {
        var step = BundlerStep(tool: .webpack, label: path)
        let base = text.values(of: "context").first.flatMap { configPath($0, folder: folder) } ?? folder
        let outputs = text.values(of: "output").flatMap { text.nested($0, "path") }
        for value in outputs {
            guard let resolved = configPath(value, folder: folder) else {
                step.declined = "\(path): `output.path` is computed (`\(value.prefix(60))`)"
                return step
            }
            step.outputs.append(resolved)
        }
        if outputs.isEmpty, let dist = resolve("dist", from: folder) { step.outputs = [dist] }
        let entries = text.values(of: "entry")
        guard entries.allSatisfy({ !stringLiterals($0).isEmpty }) else {
            step.declined = "\(path): `entry` is computed, not a list of files"
            return step
        }
        let files = entries.isEmpty ? ["./src/index.js"] : entries.flatMap(stringLiterals)
        step.sources = files.compactMap { entrySource($0, from: base) }
        return step
    }

    /// `vite.config.*`: `build.outDir` (default `dist`, under `root`) is written from the root's
    /// `index.html`, its `src/`, and its `public/` folder, which Vite copies as is.
    static func vite(path: String, text: JSConfigText, folder: String) -> BundlerStep {
        var step = BundlerStep(tool: .vite, label: path)
        guard let root = text.values(of: "root").first.map({ configPath($0, folder: folder) }) ?? folder else {
            step.declined = "\(path): `root` is computed"
            return step
        }
        let outDir = text.values(of: "outDir").first
        guard let output = outDir.map({ configPath($0, folder: root) }) ?? resolve("dist", from: root) else {
            step.declined = "\(path): `build.outDir` is computed (`\(outDir?.prefix(60) ?? "")`)"
            return step
        }
        step.outputs = [output]
        step.sources = ["index.html", "src", "public"].compactMap { resolve($0, from: root) }
        return step
    }

    /// `rollup.config.*`: each `output.dir`, or the folder of each `output.file`, is written from
    /// the folders of the `input` files.
    static func rollup(path: String, text: JSConfigText, folder: String) -> BundlerStep {
        var step = BundlerStep(tool: .rollup, label: path)
        for output in text.values(of: "output") {
            for value in text.nested(output, "dir") + text.nested(output, "file") {
                guard let resolved = configPath(value, folder: folder) else {
                    step.declined = "\(path): the output path is computed (`\(value.prefix(60))`)"
                    return step
                }
                step.outputs.append(resolved)
            }
        }
        let inputs = text.values(of: "input")
        guard !inputs.isEmpty, inputs.allSatisfy({ !stringLiterals($0).isEmpty }) else {
            step.declined = "\(path): `input` is missing or computed"
            return step
        }
        step.sources = inputs.flatMap(stringLiterals).compactMap { entrySource($0, from: folder) }
        return step
    }

    /// `gulpfile.js`: each chain `src('a/**').pipe(...).pipe(dest('b'))` copies (or builds) the
    /// globs' folders into `b`.
    static func gulp(path: String, text: JSConfigText, folder: String) -> BundlerStep? {
        let body = String(decoding: text.bytes, as: UTF8.self)
        guard ByteSearch.contains("dest(", in: body),
            let regex = regex(#"\bsrc\(\s*([^)]*)\)(?:(?!\bsrc\()[\s\S]){0,2000}?\bdest\(\s*["'`]([^"'`]+)["'`]"#)
        else { return nil }
        var step = BundlerStep(tool: .copy, label: "\(path) (gulp `src` -> `dest`)")
        for match in body.matches(of: regex) {
            let globs = match.output[1].substring.map { stringLiterals(String($0)) } ?? []
            guard let to = match.output[2].substring, let output = resolve(String(to), from: folder) else { continue }
            step.sources += globs.filter { !$0.hasPrefix("!") }.compactMap {
                resolve(staticPrefix(ofGlob: $0), from: folder)
            }
            step.outputs.append(output)
        }
        return step.outputs.isEmpty ? nil : step
    }

    /// The source an entry stands for: the folder of `./src/index.js` (`src`), or the file itself
    /// when it sits in the config's own folder.
    private static func entrySource(_ entry: String, from folder: String) -> String? {
        guard let file = resolve(staticPrefix(ofGlob: entry), from: folder), !file.isEmpty else { return nil }
        return folderOf(file) == folder ? file : folderOf(file)
    }
}

extension JSConfigText {
    /// The values of `key` inside an object value's text (`{ path: x, filename: y }`).
    func nested(_ value: String, _ key: String) -> [String] {
        guard value.hasPrefix("{") else { return [] }
        return JSConfigText(value).values(of: key)
    }
}
