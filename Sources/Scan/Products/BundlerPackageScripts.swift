import RelopsCore

extension BundlerConfigReader {
    /// The steps a `package.json`'s scripts run, one per script: `esbuild src/app.ts --bundle
    /// --outdir=www/js` (or `--outfile=`), and copies (`cp -r a b`, `copyfiles -u 1 "a/**" b`,
    /// `cpy "a/**" b`). Paths are relative to the package's folder; a path with a variable
    /// (`$OUT`, `%OUT%`) is skipped.
    static func packageScripts(path: String, text: String) -> [BundlerStep] {
        guard ["esbuild", "cp ", "copyfiles", "cpy"].contains(where: { ByteSearch.contains($0, in: text) }),
            let body = captures(#""scripts"\s*:\s*\{([^{}]*)\}"#, in: text, holding: ["\"scripts\""]).first,
            let entry = regex(#""([^"\\]+)"\s*:\s*"((?:[^"\\]|\\.)*)""#)
        else { return [] }
        let folder = folderOf(path)
        var steps: [BundlerStep] = []
        for match in body.matches(of: entry) {
            guard let name = match.output[1].substring, let script = match.output[2].substring else { continue }
            for command in commands(in: String(script)) {
                if let step = scriptStep(command, script: String(name), path: path, folder: folder) {
                    steps.append(step)
                }
            }
        }
        return steps
    }

    /// One command of a script, as words: `cp -r "a b" c` -> [cp, -r, a b, c]. Split at `&&`,
    /// `||`, `;` and `|`.
    static func commands(in script: String) -> [[String]] {
        var commands: [[String]] = [[]]
        var word = ""
        var quote: Character?
        var inWord = false
        func endWord() {
            if inWord { commands[commands.count - 1].append(word) }
            (word, inWord) = ("", false)
        }
        for c in script.replacingOccurrences("\\", " ") {
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
            } else if c == "\"" || c == "'" {
                (quote, inWord) = (c, true)
            } else if c == " " || c == "\t" {
                endWord()
            } else if c == "&" || c == ";" || c == "|" {
                endWord()
                if commands.last?.isEmpty == false { commands.append([]) }
            } else {
                word.append(c)
                inWord = true
            }
        }
        endWord()
        return commands.filter { !$0.isEmpty }
    }

    private static func scriptStep(_ words: [String], script: String, path: String, folder: String) -> BundlerStep? {
        // `npx esbuild`, `pnpm exec cpy`: the tool is the first word that is not a runner.
        let runners: Set<String> = ["npx", "pnpm", "yarn", "exec", "bunx", "cross-env"]
        let words = Array(words.drop { runners.contains($0) || $0.contains("=") })
        guard let tool = words.first.map(nameOf) else { return nil }
        let arguments = Array(words.dropFirst())
        let label = "\(path) script `\(script)` (\(tool))"
        let plain = arguments.filter { !$0.hasPrefix("-") }
        func inside(_ p: String) -> String? {
            p.contains("$") || p.contains("%") ? nil : resolve(p, from: folder)
        }
        switch tool {
        case "esbuild":
            var step = BundlerStep(tool: .esbuild, label: label)
            for argument in arguments {
                for flag in ["--outdir=", "--outfile="] where argument.hasPrefix(flag) {
                    if let output = inside(String(argument.dropFirst(flag.count))) { step.outputs.append(output) }
                }
            }
            step.sources = plain.compactMap { entry in
                inside(staticPrefix(ofGlob: entry)).map { folderOf($0) == folder || $0.isEmpty ? $0 : folderOf($0) }
            }
            return step.outputs.isEmpty || step.sources.isEmpty ? nil : step
        case "cp", "copyfiles", "cpy":
            // `cp -r folder out` takes a folder in, `cp file out/` a file: each is a source.
            // copyfiles's `-u N`, `-e glob`, `-f` take a value or none; keep the paths only.
            var paths: [String] = []
            var skipNext = false
            for argument in arguments {
                if skipNext {
                    skipNext = false
                } else if argument.hasPrefix("-") {
                    skipNext = ["-u", "--up", "-e", "--exclude", "--cwd"].contains(argument)
                } else {
                    paths.append(argument)
                }
            }
            guard paths.count >= 2, let last = paths.last, let output = inside(last) else { return nil }
            var step = BundlerStep(tool: .copy, label: label)
            step.outputs = [output]
            step.sources = paths.dropLast().filter { !$0.hasPrefix("!") }.compactMap {
                inside(staticPrefix(ofGlob: $0))
            }
            return step.sources.isEmpty ? nil : step
        default:
            return nil
        }
    }
}
