import Fingerprint
import Foundation
import RelopsCore

/// Reads the identity service's allowlist from its appsettings files: the base file and each
/// environment file (`appsettings.Production.json`) that sets the key, merged as .NET binds
/// arrays (the environment's item `i` replaces the base's item `i`; the rest stay).
struct AllowlistReader {
    let root: String
    let paths: [String]
    /// `.relops.yml`'s `app.oauth.allowlist`: `path#Section:Key`.
    let setting: String?

    typealias Allowlist = OAuthCallbackLeg.Allowlist

    /// The values of the key in one file, each with its `path:line`, and the key's own `path:line`.
    struct FileValues {
        let path: String
        let entries: [(scheme: String, location: String)]
        let keyLocation: String
    }

    func read() throws(Failure) -> [Allowlist] {
        guard let setting else {
            var out: [Allowlist] = []
            let bases = paths.filter { Self.isSettings($0) }.map { Self.base(of: $0) }
            for base in Set(bases).sorted() {
                out += try environments(
                    base: base, keyPath: OAuthCallbackLeg.defaultKey.split(separator: ":").map(String.init),
                    required: false)
            }
            return out
        }
        guard let hash = setting.firstIndex(of: "#"), hash != setting.startIndex else {
            throw Failure(.badInput, ".relops.yml: app.oauth.allowlist \"\(setting)\" needs the form path#Section:Key")
        }
        let keyPath = setting[setting.index(after: hash)...].split(separator: ":", omittingEmptySubsequences: false)
            .map(String.init)
        guard keyPath.allSatisfy({ !$0.isEmpty }) else {
            throw Failure(
                .badInput, ".relops.yml: app.oauth.allowlist \"\(setting)\": the key must look like Section:Key")
        }
        return try environments(base: String(setting[..<hash]), keyPath: keyPath, required: true)
    }

    /// `Folder/appsettings.json` for `Folder/appsettings.Production.json` (and for itself).
    static func base(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        let file = stem + ".json"
        return folder.isEmpty ? file : folder + "/" + file
    }

    static func isSettings(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return name.hasPrefix("appsettings") && name.hasSuffix(".json")
    }

    /// The base file's list (when it sets the key) and each environment file's merged list.
    func environments(base: String, keyPath: [String], required: Bool) throws(Failure) -> [Allowlist] {
        let key = keyPath.joined(separator: ":")
        let stem = String((base as NSString).lastPathComponent.dropLast(5))  // without .json
        let folder = (base as NSString).deletingLastPathComponent
        let prefix = (folder.isEmpty ? "" : folder + "/") + stem + "."
        let overrides = paths.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") && $0 != base }.sorted()
        let baseValues = try values(base, keyPath, mustExist: required)
        var out: [Allowlist] = []
        if let baseValues {
            out.append(
                Allowlist(
                    environment: base, key: key, entries: baseValues.entries, files: [base],
                    keyLocations: [baseValues.keyLocation]))
        }
        for path in overrides {
            guard let over = try values(path, keyPath, mustExist: false) else { continue }
            let environment = String(path.dropFirst(prefix.count).dropLast(5))
            var entries = baseValues?.entries ?? []
            for (i, entry) in over.entries.enumerated() {
                if i < entries.count { entries[i] = entry } else { entries.append(entry) }
            }
            out.append(
                Allowlist(
                    environment: environment, key: key, entries: entries,
                    files: [baseValues?.path, path].compactMap { $0 },
                    keyLocations: [baseValues?.keyLocation, over.keyLocation].compactMap { $0 }))
        }
        if required && out.isEmpty {
            throw Failure(.badInput, "\(base): no key \(key) (app.oauth.allowlist in .relops.yml names it)")
        }
        return out
    }

    /// The strings at `keyPath` in `path`, nil when the file or key is absent (bad input when the
    /// file must exist). A file that does not mention the key's last part is not parsed.
    func values(_ path: String, _ keyPath: [String], mustExist: Bool) throws(Failure) -> FileValues? {
        let read: [UInt8]?
        do {
            read = try RepositoryFile.read(path, in: root, limit: RepositoryFile.Limit.configuration)
        } catch {
            if error.isEscape || error.kind != .missing { throw Failure(error.category, error.description) }
            read = nil
        }
        guard let data = read else {
            if mustExist {
                throw Failure(.badInput, "\(path): no such file (app.oauth.allowlist in .relops.yml names it)")
            }
            return nil
        }
        let bytes = Array(data)
        let needle = (keyPath.last ?? "").lowercased()
        guard String(decoding: bytes, as: UTF8.self).lowercased().contains(needle) else { return nil }
        let document: JSONCDocument
        do {
            document = try JSONCDocument(bytes: bytes, path: path)
        } catch {
            throw Failure(.badInput, error.description)
        }
        guard let node = document.node(at: keyPath) else { return nil }
        let keyLine = document.location(of: node.range.lowerBound).line
        let items = node.string != nil ? [node] : node.elements
        guard let items, items.allSatisfy({ $0.string != nil }) else {
            let (line, column) = document.location(of: node.range.lowerBound)
            throw Failure(
                .badInput,
                "\(path):\(line):\(column): \(keyPath.joined(separator: ":")) is not a string or an array of strings")
        }
        let entries = items.compactMap { item -> (scheme: String, location: String)? in
            guard let scheme = item.string else { return nil }
            return (scheme, "\(path):\(document.location(of: item.range.lowerBound).line)")
        }
        return FileValues(path: path, entries: entries, keyLocation: "\(path):\(keyLine)")
    }
}
