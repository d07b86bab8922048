import Foundation
import Git
import RelopsCore

/// A project found in the repository: a .NET `.csproj`, an Android Gradle module or an Xcode
/// project, with what kind it is and (for .NET) the items it embeds in its binary.
struct ProjectModel {
    enum Kind {
        case mobileDotNet, android, xcode, server, test
        var isMobile: Bool { self == .mobileDotNet || self == .android || self == .xcode }
    }

    /// The project's folder relative to the repository root ("" for the root), without a trailing slash.
    let root: String
    /// The file that defines it (`Source/App.UI/App.UI.csproj`, `app/build.gradle`, `App.xcodeproj`).
    let file: String
    let kind: Kind
    /// Embedded items (`EmbeddedResource`, `MauiAsset`, `AndroidAsset`, `BundleResource`), as
    /// (item type, glob relative to the project folder).
    let items: [(type: String, glob: Glob)]

    func contains(_ path: String) -> Bool { root.isEmpty || path.hasPrefix(root + "/") }

    func relative(_ path: String) -> String { root.isEmpty ? path : String(path.dropFirst(root.count + 1)) }

    func embeddedItem(for path: String) -> String? {
        let rel = relative(path)
        return items.first { $0.glob.matches(rel) }.map { "\($0.type) `\($0.glob.pattern)`" }
    }

    /// Finds every project among `files`, reading project files through `content`.
    static func discover(files: FileList, content: (Int) -> [UInt8]?) -> [ProjectModel] {
        var projects: [ProjectModel] = []
        var androidRoots = Set<String>()
        for i in projectFileCandidates(files) {
            let path = files.path(at: i)
            let lower = path.lowercased()
            let folder = folderOf(path)
            if lower.hasSuffix(".csproj") {
                guard let bytes = content(i) else { continue }
                projects.append(dotNetProject(path: path, folder: folder, text: String(decoding: bytes, as: UTF8.self)))
            } else if lower.hasSuffix("build.gradle") || lower.hasSuffix("build.gradle.kts") {
                guard let bytes = content(i) else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                if text.contains("com.android.application") || text.contains("com.android.library") {
                    if androidRoots.insert(folder).inserted {
                        projects.append(ProjectModel(root: folder, file: path, kind: .android, items: []))
                    }
                }
            } else if lower.hasSuffix("src/main/androidmanifest.xml") {
                let moduleRoot = String(path.dropLast("src/main/AndroidManifest.xml".count)).trimmingSlashes()
                if androidRoots.insert(moduleRoot).inserted {
                    projects.append(ProjectModel(root: moduleRoot, file: path, kind: .android, items: []))
                }
            } else if let range = path.range(of: ".xcodeproj/") {
                let projectFile = String(path[..<range.upperBound].dropLast())
                let projectRoot = folderOf(projectFile)
                if !projects.contains(where: { $0.file == projectFile }) {
                    projects.append(ProjectModel(root: projectRoot, file: projectFile, kind: .xcode, items: []))
                }
            }
        }
        return projects
    }

    static func dotNetProject(path: String, folder: String, text: String) -> ProjectModel {
        let lower = text.lowercased()
        let name = nameOf(path).lowercased()
        let kind: Kind
        if name.contains(".tests.") || name.contains(".test.") || name.hasSuffix("tests.csproj")
            || lower.contains("microsoft.net.test.sdk") || lower.contains("<istestproject>true")
        {
            kind = .test
        } else if lower.contains("<usemaui>true</usemaui>") || lower.contains("-android") || lower.contains("-ios")
            || lower.contains("-maccatalyst")
        {
            kind = .mobileDotNet
        } else {
            kind = .server
        }
        var items: [(String, Glob)] = []
        for type in ["EmbeddedResource", "MauiAsset", "AndroidAsset", "BundleResource", "MauiImage", "MauiFont"] {
            for value in attributeValues(in: text, element: type, attributes: ["Include", "Update"]) {
                let pattern = value.replacingBackslashes()
                items.append((type, Glob(pattern)))
            }
        }
        if kind == .mobileDotNet {
            // MAUI's defaults: Resources/Raw/** is MauiAsset even when the .csproj does not say so.
            items.append(("MauiAsset", Glob("Resources/Raw/**")))
        }
        return ProjectModel(root: folder, file: path, kind: kind, items: items)
    }
}

/// The values of `attributes` on every `<element ...>` tag in an MSBuild file.
func attributeValues(in text: String, element: String, attributes: [String]) -> [String] {
    var values: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "<" + element) {
        let after = rest[open.upperBound...]
        guard let first = after.first, first == " " || first == "\n" || first == "\t" || first == "\r",
            let close = after.firstIndex(of: ">")
        else {
            rest = after
            continue
        }
        let tag = after[..<close]
        for attribute in attributes {
            for quote in ["\"", "'"] {
                if let start = tag.range(of: " \(attribute)=\(quote)") ?? tag.range(of: "\n\(attribute)=\(quote)")
                    ?? tag.range(of: "\t\(attribute)=\(quote)"),
                    let end = tag[start.upperBound...].firstIndex(of: Character(quote))
                {
                    for part in tag[start.upperBound..<end].split(separator: ";") {
                        values.append(String(part).trimmingWhitespace())
                    }
                }
            }
        }
        rest = after[close...]
    }
    return values
}

extension String {
    func trimmingSlashes() -> String {
        var s = Substring(self)
        while s.hasSuffix("/") { s.removeLast() }
        return String(s)
    }

    func replacingBackslashes() -> String {
        String(map { $0 == "\\" ? "/" : $0 })
    }
}

/// Indexes of paths that may define a project (`.csproj`, `build.gradle[.kts]`,
/// `AndroidManifest.xml`, anything under `.xcodeproj/`), found on the path bytes without
/// decoding every path.
func projectFileCandidates(_ files: FileList) -> [Int] {
    let suffixes = [".csproj", "build.gradle", "build.gradle.kts", "androidmanifest.xml"].map { Array($0.utf8) }
    let xcode = Array(".xcodeproj/".utf8)
    var found: [Int] = []
    files.pathBytes.withUnsafeBufferPointer { bytes in
        for i in 0..<files.count {
            let start = Int(files.starts[i]), length = files.pathLength(at: i)
            func lower(_ k: Int) -> UInt8 {
                let b = bytes[k]
                return (b &- 0x41) < 26 ? b | 0x20 : b
            }
            func endsWith(_ suffix: [UInt8]) -> Bool {
                guard length >= suffix.count else { return false }
                let from = start + length - suffix.count
                for (k, c) in suffix.enumerated() where lower(from + k) != c { return false }
                return true
            }
            if suffixes.contains(where: endsWith) {
                found.append(i)
                continue
            }
            if length > xcode.count,
                (start...(start + length - xcode.count)).contains(where: { at in
                    bytes[at] == xcode[0] && xcode.indices.allSatisfy { lower(at + $0) == xcode[$0] }
                })
            {
                found.append(i)
            }
        }
    }
    return found
}
