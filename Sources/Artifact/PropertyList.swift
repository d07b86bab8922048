import Foundation

/// A property list value as Apple's binary (`bplist00`) and XML formats hold it. Readers are in
/// `PropertyListBinary.swift` and `PropertyListXML.swift`; both are bounded (object count, depth,
/// offsets) and throw `ArtifactProblem` on anything malformed.
package enum PropertyList: Sendable, Equatable {
    /// `<true/>`, `<false/>`; binary markers 0x09 and 0x08.
    case boolean(Bool)
    /// An integer that fits in 64 signed bits.
    case integer(Int64)
    /// An integer past `Int64.max` (binary plists store it in 16 bytes).
    case unsignedInteger(UInt64)
    /// A 32- or 64-bit float, read as a Double.
    case real(Double)
    /// Seconds since 2001-01-01T00:00:00Z, as both formats mean it.
    case date(Double)
    /// Bytes: `<data>` base64, or a binary 0x4 object.
    case data([UInt8])
    /// Text: XML `<string>`, binary ASCII or UTF-16.
    case string(String)
    /// Values in order.
    case array([PropertyList])
    /// String keys, each once (a key given twice is refused).
    case dictionary([String: PropertyList])
    /// A keyed archiver's object reference (binary plists only).
    case uid(UInt64)
    /// The binary format's null object.
    case null

    /// The most objects one property list may hold (shared references counted each time they are
    /// used), so a small file of references to references cannot expand without bound.
    static let objectCap = 1 << 20
    /// The deepest nesting of arrays and dictionaries read.
    static let depthCap = 64

    /// Reads a binary or XML property list, by its first bytes. `name` says where it came from.
    package init(_ bytes: [UInt8], name: String) throws(ArtifactProblem) {
        if bytes.starts(with: Array("bplist00".utf8)) {
            var reader = try BinaryPropertyListReader(bytes, name: name)
            self = try reader.top()
        } else {
            var reader = XMLPropertyListReader(bytes, name: name)
            self = try reader.document()
        }
    }

    /// The string, when this is one.
    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    package var array: [PropertyList]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The entries, when this is a dictionary.
    package var dictionary: [String: PropertyList]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The value under `key`, when this is a dictionary that has one.
    package subscript(key: String) -> PropertyList? { dictionary?[key] }

    /// A date as ISO 8601 in UTC (`2027-01-31T12:00:00Z`), when this is one.
    package var iso8601Date: String? {
        guard case .date(let seconds) = self, seconds.isFinite else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))
    }
}

/// The typed values of a property list dictionary, each wrong type a problem naming the key.
struct PropertyListFields {
    let entries: [String: PropertyList]
    /// Where the dictionary is, for messages: `Payload/App.app/Info.plist`.
    let place: String

    init(_ value: PropertyList, place: String) throws(ArtifactProblem) {
        guard let entries = value.dictionary else {
            throw ArtifactProblem("\(place): the top-level value is not a dictionary")
        }
        self.entries = entries
        self.place = place
    }

    /// The string under `key`; nil when absent.
    func string(_ key: String) throws(ArtifactProblem) -> String? {
        guard let value = entries[key] else { return nil }
        guard let text = value.string else { throw ArtifactProblem("\(place): \(key) is not a string") }
        return text
    }

    /// The strings of the array under `key`; empty when absent.
    func strings(_ key: String) throws(ArtifactProblem) -> [String] {
        guard let value = entries[key] else { return [] }
        // A distribution profile allows every associated domain with the string `*`, not a list.
        if let text = value.string { return [text] }
        guard let items = value.array else { throw ArtifactProblem("\(place): \(key) is not an array") }
        var out: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.string else { throw ArtifactProblem("\(place): \(key)[\(index)] is not a string") }
            out.append(text)
        }
        return out
    }
}

extension Entitlements {
    /// The three link-related entitlements of an entitlements dictionary (a code signature's, or a
    /// profile's `Entitlements`); a key of the wrong type is a problem naming `source`.
    init(_ plist: PropertyList, source: String) throws(ArtifactProblem) {
        let fields = try PropertyListFields(plist, place: source)
        self.init(
            applicationIdentifier: try fields.string("application-identifier"),
            teamIdentifier: try fields.string("com.apple.developer.team-identifier"),
            associatedDomains: try fields.strings("com.apple.developer.associated-domains"), source: source)
    }
}
