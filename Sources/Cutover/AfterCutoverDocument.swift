import RelopsCore
import Scan

/// `relops scan --after-cutover --format json`: the scan's document of what remains
/// (`ScanJSONDocument`), then `after_cutover`, what the applied cutover left on purpose.
public struct AfterCutoverDocument: Codable, Sendable {
    /// The scan without the occurrences left on purpose.
    public var scan: ScanJSONDocument
    /// The cutover that decides, and what it left.
    public var afterCutover: Section

    /// The cutover and the occurrences it left on purpose.
    public struct Section: Codable, Sendable, Equatable {
        /// The cutover's id.
        public var cutover: String
        public var from: String
        public var to: String
        public var leftOnPurpose: [LeftOccurrence]

        enum CodingKeys: String, CodingKey {
            case cutover, from, to
            case leftOnPurpose = "left_on_purpose"
        }
    }

    /// An occurrence the cutover left on purpose, with why.
    public struct LeftOccurrence: Codable, Sendable, Equatable {
        public var path: String
        public var line: Int
        public var column: Int
        /// The class's name (`docs`).
        public var `class`: String
        /// How the host is written (`email`).
        public var encoding: String
        public var text: String
        public var reason: String
    }

    /// The document of `after`.
    public init(_ after: AfterCutover) {
        scan = ScanJSONDocument(after.remaining)
        afterCutover = Section(
            cutover: after.journal.id, from: after.journal.from, to: after.journal.to,
            leftOnPurpose: after.leftOnPurpose.map { item in
                LeftOccurrence(
                    path: item.occurrence.path, line: item.occurrence.line, column: item.occurrence.column,
                    class: item.occurrence.occurrenceClass.rawValue, encoding: item.occurrence.encoding.rawValue,
                    text: item.occurrence.text, reason: item.reason)
            })
    }

    enum CodingKeys: String, CodingKey {
        case afterCutover = "after_cutover"
    }

    /// The scan's keys, then `after_cutover`, in one object.
    public func encode(to encoder: any Encoder) throws {
        try scan.encode(to: encoder)
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(afterCutover, forKey: .afterCutover)
    }

    /// Reads the scan's keys and `after_cutover` from one object.
    public init(from decoder: any Decoder) throws {
        scan = try ScanJSONDocument(from: decoder)
        afterCutover = try decoder.container(keyedBy: CodingKeys.self).decode(Section.self, forKey: .afterCutover)
    }

    /// The JSON text `scan --after-cutover --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the scan after the cutover") }
}
