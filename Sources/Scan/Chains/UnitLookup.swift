import RelopsCore

/// Finds the units a reference names through tables made once, so resolving every reference of
/// a repository costs time linear in the references (a filter over every unit per reference made
/// a 2,000-package workspace quadratic). Each answer keeps the units' order.
struct UnitLookup {
    private let units: [BuildUnit]
    private var byFile: [String: [Int]] = [:]
    /// Swift packages and Cargo crates by their folder (a path reference may name the folder).
    private var byPackageFolder: [String: [Int]] = [:]
    private var byName: [String: [Int]] = [:]
    /// Gradle modules by their folder's last component, as written and as a type-safe accessor (lower-case).
    private var gradleByFolderName: [String: [Int]] = [:]
    private var gradleByAccessor: [String: [Int]] = [:]
    /// Library units by folder.
    private var libraryByRoot: [String: [Int]] = [:]

    init(_ units: [BuildUnit]) {
        self.units = units
        for (k, unit) in units.enumerated() {
            byFile[unit.file, default: []].append(k)
            if unit.kind == .swiftPackage || nameOf(unit.file) == "Cargo.toml" {
                byPackageFolder[unit.root, default: []].append(k)
            }
            for name in Set(unit.names) { byName[name, default: []].append(k) }
            switch unit.kind {
            case .gradle:
                let last = nameOf(unit.root)
                gradleByFolderName[last, default: []].append(k)
                gradleByAccessor[camelCase(last).lowercased(), default: []].append(k)
            case .library:
                libraryByRoot[unit.root, default: []].append(k)
            default: break
            }
        }
    }

    /// The units `reference` names, in the units' order.
    func resolve(_ reference: BuildUnit.Reference) -> [BuildUnit] {
        switch reference {
        case .path(let path):
            return ordered((byFile[path] ?? []) + (byPackageFolder[path] ?? []))
        case .named(let name):
            return ordered(byName[name] ?? [])
        case .pathInside(let path):
            // The innermost library whose folder holds the path (`web/dist` -> `web/package.json`).
            var folder = path
            while !folder.isEmpty {
                if let found = libraryByRoot[folder] { return ordered(found) }
                let outer = folderOf(folder)
                if outer == folder { break }
                folder = outer
            }
            return []
        case .appleFrameworkModules(let prefix):
            return appleFrameworkModules(under: prefix)
        case .gradleModulesMatching(let prefix, let suffix):
            return units.filter { unit in
                guard case .gradle = unit.kind else { return false }
                let folders = unit.root.split(separator: "/").map(String.init)
                guard folders.last == suffix, folders.count > prefix.count else { return false }
                return (0..<(folders.count - prefix.count)).contains {
                    Array(folders[$0..<($0 + prefix.count)]) == prefix
                }
            }
        case .gradleModule(let segments, let accessor):
            guard let last = segments.last else { return [] }
            let candidates = accessor ? gradleByAccessor[last.lowercased()] ?? [] : gradleByFolderName[last] ?? []
            return ordered(candidates).filter { unit in
                let folders = unit.root.split(separator: "/").map(String.init)
                guard folders.count >= segments.count else { return false }
                return zip(folders.suffix(segments.count), segments).allSatisfy { folder, segment in
                    accessor ? camelCase(folder).lowercased() == segment.lowercased() : folder == segment
                }
            }
        }
    }

    /// The Gradle modules with a KMP iOS target whose folder sits directly under the folders
    /// `prefix` names (any such module when `prefix` is empty).
    private func appleFrameworkModules(under prefix: [String]) -> [BuildUnit] {
        units.filter { unit in
            guard case .gradle(_, true, true) = unit.kind else { return false }
            let folders = unit.root.split(separator: "/").map(String.init).dropLast()
            return folders.count >= prefix.count && Array(folders.suffix(prefix.count)) == prefix
        }
    }

    private func ordered(_ indices: [Int]) -> [BuildUnit] {
        var seen = Set<Int>()
        return indices.sorted().filter { seen.insert($0).inserted }.map { units[$0] }
    }
}
