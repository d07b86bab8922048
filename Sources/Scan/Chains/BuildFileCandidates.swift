import Git
import RelopsCore

/// Indexes of paths that may define a build unit, matched on the lowercase bytes of the file name
/// so that no `String` is made for the other paths.
func buildFileCandidates(_ files: FileList) -> [Int] {
    let names =
        [
            "build.gradle", "build.gradle.kts", "package.swift", "project.swift", "project.yml", "project.yaml",
            "project.pbxproj", "cargo.toml", "go.mod", "package.json", "pyproject.toml", "requirements.txt",
            "setup.py", "gemfile", "main.rs", "contents.xcworkspacedata",
            "capacitor.config.json", "capacitor.config.ts", "capacitor.config.js", "androidmanifest.xml",
            "config.xml", "app.json", "app.config.ts", "app.config.js", "pubspec.yaml", "l10n.yaml",
            "index.html", "cmakelists.txt", "libs.versions.toml", "next.config.js", "next.config.mjs",
            "next.config.ts", "next.config.cjs", "nuxt.config.ts", "nuxt.config.js", "astro.config.mjs",
            "astro.config.ts", "astro.config.js", "_config.yml", "shadow-cljs.edn", "gulpfile.js", "gulpfile.mjs",
        ].map { Array($0.utf8) } + bundlerConfigNames
    // The names by length, so a path's name is compared only with the names as long as it.
    var namesByLength = [[[UInt8]]](repeating: [], count: (names.map(\.count).max() ?? 0) + 1)
    for name in names { namesByLength[name.count].append(name) }
    let wellKnown = Array(".well-known/".utf8)
    let csproj = Array(".csproj".utf8)
    var found: [Int] = []
    files.pathBytes.withUnsafeBufferPointer { bytes in
        // Files under a `.well-known/` folder, in file order, from one search of the whole block.
        var servedFiles: [Int] = []
        var at = 0, file = 0
        while let match = ByteSearch.firstIndex(
            of: wellKnown, in: bytes, from: at, to: bytes.count, ignoringCase: false)
        {
            while file + 1 < files.count && Int(files.starts[file + 1]) <= match { file += 1 }
            let startsFolder = match == Int(files.starts[file]) || bytes[match - 1] == UInt8(ascii: "/")
            if startsFolder && servedFiles.last != file { servedFiles.append(file) }
            at = match + 1
        }
        var nextServed = 0
        for i in 0..<files.count {
            let start = Int(files.starts[i]), length = files.pathLength(at: i)
            var nameStart = start + length
            while nameStart > start && bytes[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
            let nameLength = start + length - nameStart
            func lower(_ k: Int) -> UInt8 {
                let b = bytes[k]
                return (b &- 0x41) < 26 ? b | 0x20 : b
            }
            func isName(_ name: [UInt8]) -> Bool {
                name.count == nameLength && name.indices.allSatisfy { lower(nameStart + $0) == name[$0] }
            }
            let isProject =
                nameLength > csproj.count
                && csproj.indices.allSatisfy { lower(start + length - csproj.count + $0) == csproj[$0] }
            let served = nextServed < servedFiles.count && servedFiles[nextServed] == i
            if served { nextServed += 1 }
            if isProject || served
                || nameLength < namesByLength.count && namesByLength[nameLength].contains(where: isName)
            {
                found.append(i)
            }
        }
    }
    return found
}

/// The names of the JavaScript bundlers' config files (`webpack.config.js`, `vite.config.ts`, ...).
private let bundlerConfigNames: [[UInt8]] = ["webpack.config.", "vite.config.", "rollup.config."].flatMap { stem in
    ["js", "mjs", "cjs", "ts", "mts"].map { Array((stem + $0).utf8) }
}

/// True for a unit that a pipeline or hosting config deploys (`BuildFileParser.service`).
func isService(_ unit: BuildUnit) -> Bool {
    if case .service = unit.kind { return true }
    return false
}

/// The folder a build file's unit lives in: an Xcode project's is the folder holding the `.xcodeproj`.
func buildFolder(of path: String) -> String {
    if path.hasSuffix(".xcworkspace/contents.xcworkspacedata") { return folderOf(folderOf(path)) }
    if let projectFile = xcodeProjectFile(containing: path) { return folderOf(projectFile) }
    return folderOf(path)
}
