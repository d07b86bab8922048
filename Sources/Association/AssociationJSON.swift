import Fingerprint
import RelopsCore

/// Reads a served association document, rendered or live, as one piece of code: RFC 8259 JSON
/// through `JSONCDocument`'s strict mode (no comments, no trailing commas; object key order and
/// repeated keys kept, so checks can report them).
public enum AssociationJSON {
    /// The document's JSON value, and whether it began with a UTF-8 byte order mark. The mark is
    /// set aside rather than refused, so the caller decides what it means (a warning for a live
    /// file, a problem for a rendered one).
    public static func parse(_ bytes: [UInt8], document: String) throws(JSONCError)
        -> (value: JSONValue, byteOrderMark: Bool)
    {
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let body = mark ? Array(bytes.dropFirst(3)) : bytes
        return (try JSONCDocument(bytes: body, path: document, strict: true).root.value, mark)
    }
}
