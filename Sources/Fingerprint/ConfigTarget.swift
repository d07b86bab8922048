import Foundation
import RelopsCore

/// Where the served fingerprints live: a .NET appsettings file and a `Section:Key` path in it.
public struct ConfigTarget: Sendable, Equatable {
    /// The file's absolute path.
    public let path: String
    /// The file as the user names it (relative to the repository when inside it).
    public let displayPath: String
    /// The key path, .NET style: `["AppAssociation", "AndroidCertFingerprints"]`.
    public let keyPath: [String]

    /// True for a served association document (a static `assetlinks.json`): it is read as strict
    /// RFC 8259 JSON, and its key is named as a JSON path.
    public var servedDocument = false

    /// The key as .NET writes it (`AppAssociation:AndroidCertFingerprints`), or for a served
    /// document as a JSON path (`[0].target.sha256_cert_fingerprints`).
    public var key: String {
        guard servedDocument else { return keyPath.joined(separator: ":") }
        let path = keyPath.map { Int($0) != nil ? "[\($0)]" : ".\($0)" }.joined()
        return path.hasPrefix(".") ? String(path.dropFirst()) : path
    }

    /// The environment-variable spelling of the key: `AppAssociation__AndroidCertFingerprints`.
    public var environmentName: String { keyPath.joined(separator: "__") }

    public init(path: String, displayPath: String, keyPath: [String], servedDocument: Bool = false) {
        self.path = path
        self.displayPath = displayPath
        self.keyPath = keyPath
        self.servedDocument = servedDocument
    }

    /// The target from `--config FILE --key A:B`, or from `.relops.yml`'s
    /// `app.android.fingerprints` (`path#Section:Key`) for what the flags leave out. A `--config`
    /// path is relative to the current folder; the `.relops.yml` path to the repository `root`.
    public static func resolve(config: String?, key: String?, projectSetting: String?, root: String?)
        throws(Failure) -> ConfigTarget
    {
        var file = config
        var keyText = key
        var base = FileManager.default.currentDirectoryPath
        if let setting = projectSetting, file == nil || keyText == nil {
            guard let hash = setting.firstIndex(of: "#") else {
                throw Failure(
                    .badInput, ".relops.yml: app.android.fingerprints \"\(setting)\" needs the form path#Section:Key")
            }
            if file == nil {
                file = String(setting[..<hash])
                base = root ?? base
            }
            if keyText == nil { keyText = String(setting[setting.index(after: hash)...]) }
        }
        guard let file, !file.isEmpty else {
            throw Failure(.usage, "no config file: give --config FILE, or set app.android.fingerprints in .relops.yml")
        }
        let keyPath = (keyText ?? "AppAssociation:AndroidCertFingerprints").split(
            separator: ":", omittingEmptySubsequences: false
        )
        .map(String.init)
        guard keyPath.allSatisfy({ !$0.isEmpty }) else {
            throw Failure(.usage, "--key \"\(keyText ?? "")\" must look like Section:Key")
        }
        if let root, config == nil {
            // `.relops.yml` names a repository file: it must stay inside the repository.
            return try inRepository(file, root: root, keyPath: keyPath, named: ".relops.yml: app.android.fingerprints ")
        }
        let absolute = file.hasPrefix("/") ? file : (base as NSString).appendingPathComponent(file)
        let standard = ((absolute as NSString).standardizingPath as NSString).resolvingSymlinksInPath
        var display = file
        if let root, standard.hasPrefix(root + "/") { display = String(standard.dropFirst(root.count + 1)) }
        return ConfigTarget(path: standard, displayPath: display, keyPath: keyPath)
    }

    /// The target for the repository file `path` (relative to `root`), resolved through
    /// `RepositoryPath`: a path that leaves the repository (a symlinked folder, `..`, an absolute
    /// path) is refused, naming where it leads (`named` prefixes the message: who named the path).
    public static func inRepository(
        _ path: String, root: String, keyPath: [String], servedDocument: Bool = false, named: String = ""
    ) throws(Failure) -> ConfigTarget {
        let full: String
        do {
            full = try RepositoryPath.resolve(path, in: root)
        } catch {
            if error.kind == .missing { throw Failure(.badInput, "\(named)\(path): no such file") }
            throw Failure(error.category, named + error.description)
        }
        return ConfigTarget(path: full, displayPath: path, keyPath: keyPath, servedDocument: servedDocument)
    }

    /// Reads and parses the file: lenient .NET JSON, or strict JSON for a served document. Only a
    /// regular file is read (a FIFO is refused, not waited on), at most
    /// `RepositoryFile.Limit.configuration` bytes (a served document: `associationDocument`).
    public func load() throws(Failure) -> JSONCDocument {
        let limit = servedDocument ? RepositoryFile.Limit.associationDocument : RepositoryFile.Limit.configuration
        let data: [UInt8]
        do {
            data = try RepositoryFile.read(resolved: path, named: displayPath, limit: limit)
        } catch {
            switch error.kind {
            case .missing: throw Failure(.badInput, "\(displayPath): no such file")
            case .unreadable: throw Failure(.couldNotCheck, "\(displayPath): cannot read")
            default: throw Failure(error.category, error.description)
            }
        }
        do {
            return try JSONCDocument(bytes: data, path: displayPath, strict: servedDocument)
        } catch {
            throw Failure(.badInput, error.description)
        }
    }
}

extension ConfigTarget {
    /// The strings at the key: an array of strings, or one string (.NET binds both to a list).
    /// A missing key or another kind of value is bad input naming the file, line and key.
    public func values() throws(Failure) -> [String] {
        let document = try load()
        guard let node = document.node(at: keyPath) else {
            throw Failure(.badInput, "\(displayPath): no key \(key) (check --key or app.android.fingerprints)")
        }
        if let one = node.string { return [one] }
        guard let items = node.elements, items.allSatisfy({ $0.string != nil }) else {
            let (line, column) = document.location(of: node.range.lowerBound)
            throw Failure(
                .badInput, "\(displayPath):\(line):\(column): \(key) is not a string or an array of strings")
        }
        return items.compactMap(\.string)
    }
}

/// The files of a working tree worth reading for a report: no `.git`, build output or
/// dependencies, no symlinks; paths relative to `root`, sorted.
func workingTreeFiles(_ root: String) -> [String] {
    let skipped: Set<String> = [".git", "bin", "obj", "node_modules", ".build", ".relops", ".vs", ".idea", "packages"]
    var out: [String] = []
    let manager = FileManager.default
    var pending = [""]
    while let folder = pending.popLast() {
        let full = folder.isEmpty ? root : root + "/" + folder
        guard let names = try? manager.contentsOfDirectory(atPath: full) else { continue }
        for name in names {
            let relative = folder.isEmpty ? name : folder + "/" + name
            var info = stat()
            guard lstat(root + "/" + relative, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR where !skipped.contains(name): pending.append(relative)
            case S_IFREG: out.append(relative)
            default: break
            }
        }
    }
    return out.sorted()
}

/// A text file's lines (without line endings), or nil for a binary or unreadable file.
func textLines(_ path: String, limit: Int = 4 << 20) -> [String]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: limit), !data.prefix(8000).contains(0) else { return nil }
    return Array(data).split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
        String(decoding: line.last == 0x0D ? line.dropLast() : line[...], as: UTF8.self)
    }
}
