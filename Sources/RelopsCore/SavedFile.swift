import Foundation

/// Reads a file relops saved (a cutover journal, a run state, an anchors lock) into its
/// `Decodable` type with `JSONDecoder`: whatever is wrong with it is bad input naming the file and
/// the field, never a default filled in.
public enum SavedFile {
    /// The file at `path` decoded as `T`. `what` names the kind of file ("cutover journal", as in
    /// "PATH: not a readable cutover journal: not valid JSON"); `field` names its fields ("journal
    /// field", as in "PATH: journal field `files[0]` lacks `mode`"). A `Failure` thrown by `T`'s
    /// decoder passes through unchanged.
    public static func read<T: Decodable>(_ type: T.Type, at path: String, what: String, field: String)
        throws(Failure) -> T
    {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(.badInput, "\(path): not a readable \(what): the file cannot be read")
        }
        return try decode(T.self, from: data, path: path, what: what, field: field)
    }

    /// `data`, read from `path` by the caller (`RepositoryFile.read` for a file inside a
    /// repository), decoded as `T`, with the messages of `read`.
    public static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, path: String, what: String, field: String
    ) throws(Failure) -> T {
        guard !data.isEmpty else { throw Failure(.badInput, "\(path): not a readable \(what): the file is empty") }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw Failure(.badInput, "\(path): \(reason(error, what: what, field: field))")
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(.badInput, "\(path): not a readable \(what): \(error)")
        }
    }

    /// What a decoding error says is wrong, in the words of the file: the field as a path
    /// (`files[0].mode`) and what it lacks or holds instead.
    static func reason(_ error: DecodingError, what: String, field: String) -> String {
        switch error {
        case .keyNotFound(let key, let context) where context.codingPath.isEmpty:
            return "\(field) `\(key.stringValue)` is missing"
        case .keyNotFound(let key, let context):
            return "\(field) `\(fieldPath(context.codingPath))` lacks `\(key.stringValue)`"
        case .valueNotFound(let type, let context):
            return "\(field) `\(fieldPath(context.codingPath))` is null (\(expected(type)) expected)"
        case .typeMismatch(let type, let context):
            return "\(field) `\(fieldPath(context.codingPath))` has the wrong type (\(expected(type)) expected)"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not a readable \(what): not valid JSON"
        case .dataCorrupted(let context):
            return "\(field) `\(fieldPath(context.codingPath))`: \(context.debugDescription)"
        @unknown default:
            return "not a readable \(what): \(error)"
        }
    }

    /// `options.exclude[2]`: keys joined by dots, indexes in brackets.
    static func fieldPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "(top level)" : text
    }

    /// A JSON type a user would name.
    static func expected(_ type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "String": return "a string"
        case "Bool": return "true or false"
        case "Double", "Float": return "a number"
        case _ where name.hasPrefix("Int") || name.hasPrefix("UInt"): return "a whole number"
        case _ where name.hasPrefix("Array"): return "a list"
        case _ where name.hasPrefix("Dictionary"): return "an object"
        default: return name
        }
    }
}
