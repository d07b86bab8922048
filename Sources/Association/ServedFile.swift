import Fingerprint
import Foundation
import RelopsCore

/// The one reader of a static association document in the repository, used by `association
/// render`, `association sources`, `verify --local` and `fingerprint rotate` alike: the path stays
/// inside the repository (`RepositoryPath`), only a regular file of at most 1 MiB is read, and
/// `document` refuses, before any edit, what JSON readers disagree on.
public enum ServedFile {
    /// The largest file read (1 MiB): a real association document is a few kilobytes.
    public static let sizeCap = RepositoryFile.Limit.associationDocument

    /// The bytes of `path` (relative to `root`).
    public static func read(_ path: String, root: String) throws(Failure) -> [UInt8] {
        let full = try resolve(path, root: root)
        do {
            return try RepositoryFile.read(resolved: full, named: path, limit: sizeCap)
        } catch {
            throw failure(error)
        }
    }

    /// The absolute path to read or write for `path`, every symlink resolved, refusing one that
    /// leads outside the repository (through any component, not only the last) and anything but
    /// a regular file.
    /// With `missingAllowed`, a file not in the working tree passes (`association sources` lists
    /// what is tracked; a reader refuses it when it reads).
    public static func resolve(_ path: String, root: String, missingAllowed: Bool = false) throws(Failure) -> String {
        let full: String
        do {
            full = try RepositoryPath.resolve(path, in: root, missingAllowed: missingAllowed)
        } catch {
            throw failure(error)
        }
        var info = stat()
        if lstat(full, &info) == 0, let what = RepositoryFile.irregularKind(info.st_mode) {
            throw failure(RepositoryPathError(path: path, kind: .notRegular(kind: what)))
        }
        return full
    }

    /// The strict document at `path`, for an edit: read as `read` does, then refused when it is
    /// not RFC 8259 JSON, holds a lone surrogate escape or gives one key twice in an object, each
    /// located `path:line:col` in JSON's words.
    public static func document(_ path: String, root: String) throws(Failure) -> (path: String, JSONCDocument) {
        let full = try resolve(path, root: root)
        let bytes: [UInt8]
        do {
            bytes = try RepositoryFile.read(resolved: full, named: path, limit: sizeCap)
        } catch {
            throw failure(error)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw Failure(
                .badInput, "\(path):1:1: starts with a UTF-8 byte order mark; serve plain UTF-8 JSON (remove it)")
        }
        let read = strictRead(bytes, path: path)
        guard let document = read.document else {
            throw Failure(.badInput, read.problem?.description ?? "\(path): not valid JSON")
        }
        return (full, document)
    }

    /// `bytes` read as a served document must be: RFC 8259 JSON, UTF-8 without lone surrogate
    /// escapes, no key twice in one object. The problem reads `path:line:col: ...` in JSON's words.
    /// A leading byte order mark is set aside here (`AssociationValidator` reports it).
    static func strictRead(_ bytes: [UInt8], path: String) -> (document: JSONCDocument?, problem: AssociationProblem?) {
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let bytes = mark ? Array(bytes.dropFirst(3)) : bytes
        func problem(_ line: Int, _ column: Int, _ message: String) -> AssociationProblem {
            AssociationProblem(document: "\(path):\(line):\(column)", location: "", message: message)
        }
        if let text = ConfigText.firstProblem(in: bytes) {
            switch text.kind {
            case .invalidUTF8: return (nil, problem(text.line, text.column, "not valid UTF-8; JSON is UTF-8 text"))
            case .loneSurrogate: return (nil, problem(text.line, text.column, text.reason))
            }
        }
        let document: JSONCDocument
        do {
            document = try JSONCDocument(bytes: bytes, path: path, strict: true)
        } catch {
            return (nil, problem(error.line, error.column, "not valid JSON: \(error.message)"))
        }
        if let (key, offset) = firstRepeatedKey(document.root) {
            let (line, column) = document.location(of: offset)
            return (
                nil,
                problem(
                    line, column,
                    "the key \"\(key)\" is given twice in one JSON object; JSON readers disagree on which one "
                        + "counts, so relops edits neither (remove one)")
            )
        }
        return (document, nil)
    }

    /// The first key given twice in one object (exactly, as JSON compares keys) and its offset.
    static func firstRepeatedKey(_ node: JSONCNode) -> (String, Int)? {
        var stack = [node]
        var found: (String, Int)?
        while let next = stack.popLast() {
            if let members = next.members {
                var seen = Set<String>()
                for member in members {
                    if !seen.insert(member.key).inserted, found.map({ member.keyRange.lowerBound < $0.1 }) ?? true {
                        found = (member.key, member.keyRange.lowerBound)
                    }
                    stack.append(member.value)
                }
            } else if let elements = next.elements {
                stack += elements
            }
        }
        return found
    }

    static func failure(_ error: RepositoryPathError) -> Failure {
        switch error.kind {
        case .missing:
            return Failure(.badInput, "\(error.path): no such file in the working tree (it is tracked; restore it)")
        case .tooLarge(let size, let limit):
            return Failure(.badInput, "\(error.path): \(size) bytes; an association document is at most \(limit)")
        default:
            return Failure(error.category, error.description)
        }
    }
}
