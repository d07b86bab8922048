import Foundation
import RelopsCore

/// `relops scan --format json`, one `Codable` type: built from a `ScanResult` (`init(_:)`), it
/// encodes to the bytes the streaming writer (`ScanResult.jsonBytes`, what the command prints)
/// writes, which a test holds it to; read back by type, the parts another module acts on (the
/// runbook's `auto` counts and identity-provider URIs). It carries no schema version (the scan's
/// document never had one). A section a reader does not need may be missing when read (a
/// runbook's stand-in scan prints only `counts`).
public struct ScanJSONDocument: Codable, Sendable {
    /// One occurrence as the document lists it (where, the host, the line; the rest when present).
    public struct Occurrence: Codable, Sendable {
        /// The host searched for.
        public let host: String
        /// The path relative to the repository root.
        public let path: String
        /// 1-based line.
        public let line: Int
        /// 1-based byte column.
        public let column: Int?
        /// The class's name (`binary-config`); `OccurrenceClass(rawValue:)` reads it.
        public let `class`: String?
        /// The reason: the evidence the rule cites.
        public let rule: String?
        /// The id of the rule that decided the class.
        public let ruleID: String?
        /// How the host is written (`plain`, `email`, ...).
        public let encoding: String?
        /// The line that holds it.
        public let text: String
        /// The names of the products that carry it.
        public let products: [String]

        enum CodingKeys: String, CodingKey {
            case host, path, line, column, `class`, rule
            case ruleID = "rule_id"
            case encoding, text, products
        }

        /// The class, when the name is one relops knows.
        public var occurrenceClass: OccurrenceClass? { `class`.flatMap(OccurrenceClass.init(rawValue:)) }
    }

    /// A longer host name that contains a scanned host, as the document lists it.
    public struct Related: Codable, Sendable, Equatable {
        public let host: String
        /// The full host name found.
        public let found: String
        public let path: String
        public let line: Int
        public let column: Int
    }

    /// A name that spells a host but names code or a bundle, as the document lists it.
    public struct NotHost: Codable, Sendable, Equatable {
        /// The host searched for.
        public let host: String
        /// The whole name found.
        public let found: String
        /// The path relative to the repository root.
        public let path: String
        /// 1-based line.
        public let line: Int
        /// 1-based byte column.
        public let column: Int?
        /// Why it is not the host (`declaration`, `bundle-name`, `identifier`).
        public let reason: String
    }

    /// A binary file that holds a scanned host.
    public struct BinaryFile: Codable, Sendable, Equatable {
        public let host: String
        public let path: String
    }

    /// A file the scan could not read, or chose not to, with the reason.
    public struct Problem: Codable, Sendable, Equatable {
        public let path: String
        public let message: String
        /// True when the file could not be read: the scan's result is incomplete.
        public let error: Bool
    }

    /// An occurrence inside an identity provider redirect URI.
    public struct RedirectURI: Codable, Sendable, Equatable {
        public let host: String
        public let path: String
        public let line: Int
        /// The redirect URI that holds the host.
        public let uri: String?
    }

    /// A product that carries occurrences, with how many.
    public struct Product: Codable, Sendable, Equatable {
        public let name: String
        /// The product kind's name (`ProductKind.rawValue`).
        public let kind: String
        public let description: String
        /// The build file that declares it.
        public let file: String
        public let occurrences: Int
    }

    /// The hosts the scan searched for.
    public let hosts: [String]
    /// Every occurrence, by file.
    public let occurrences: [Occurrence]
    /// Longer host names that contain a scanned host.
    public let related: [Related]
    /// Names that spell a host but are not it (`not_host`), each with its reason.
    public let notHost: [NotHost]
    public let binaryFiles: [BinaryFile]
    public let problems: [Problem]
    public let redirectURIs: [RedirectURI]
    /// Occurrences per class name, every class present; written in `OccurrenceClass.allCases` order.
    public let counts: [String: Int]
    /// The products that carry occurrences, in the order first met.
    public let products: [Product]
    /// How many files were read.
    public let filesScanned: Int

    enum CodingKeys: String, CodingKey {
        case hosts, occurrences, related
        case notHost = "not_host"
        case binaryFiles = "binary_files"
        case problems
        case redirectURIs = "redirect_uris"
        case counts, products
        case filesScanned = "files_scanned"
    }

    /// The document in `text`; a text that is not a JSON object of this shape is an error saying
    /// what is wrong with it (`what` names where it came from), never an empty document.
    public static func decode(_ text: String, _ what: String) throws(Failure) -> ScanJSONDocument {
        do {
            return try JSONDecoder().decode(ScanJSONDocument.self, from: Data(text.utf8))
        } catch {
            throw Failure(.couldNotCheck, "\(what) is not a scan's JSON document: \(error)")
        }
    }

    /// The document in `text`, or nil when it is not a JSON object of this shape.
    public static func read(_ text: String) -> ScanJSONDocument? {
        do { return try decode(text, "the text") } catch { return nil }
    }
}

extension ScanJSONDocument {
    /// The document of `result`, as `scan --format json` prints it.
    public init(_ result: ScanResult) {
        hosts = result.hosts
        occurrences = result.occurrences.map(Occurrence.init)
        related = result.related.map {
            Related(host: $0.host, found: $0.found, path: $0.path, line: $0.line, column: $0.column)
        }
        notHost = result.notHost.map {
            NotHost(
                host: $0.host, found: $0.found, path: $0.path, line: $0.line, column: $0.column,
                reason: $0.reason.rawValue)
        }
        binaryFiles = result.binaryFiles.map { BinaryFile(host: $0.host, path: $0.path) }
        problems = result.problems.map { Problem(path: $0.path, message: $0.message, error: $0.isError) }
        redirectURIs = result.redirectURIs.map {
            RedirectURI(host: $0.host, path: $0.path, line: $0.line, uri: $0.redirectURI)
        }
        counts = Dictionary(uniqueKeysWithValues: result.counts.map { ($0.0.rawValue, $0.1) })
        products = result.products.map {
            Product(
                name: $0.product.name, kind: $0.product.kind.rawValue, description: $0.product.description,
                file: $0.product.file, occurrences: $0.count)
        }
        filesScanned = result.filesScanned
    }

    /// The JSON text of the document: the bytes `ScanResult.jsonBytes` writes, built as a tree
    /// (slower; the command prints the streamed bytes).
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the scan") }

    /// A part the reader does not need may be missing (a runbook's stand-in scan prints only `counts`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hosts = try container.decodeIfPresent([String].self, forKey: .hosts) ?? []
        occurrences = try container.decodeIfPresent([Occurrence].self, forKey: .occurrences) ?? []
        related = try container.decodeIfPresent([Related].self, forKey: .related) ?? []
        notHost = try container.decodeIfPresent([NotHost].self, forKey: .notHost) ?? []
        binaryFiles = try container.decodeIfPresent([BinaryFile].self, forKey: .binaryFiles) ?? []
        problems = try container.decodeIfPresent([Problem].self, forKey: .problems) ?? []
        redirectURIs = try container.decodeIfPresent([RedirectURI].self, forKey: .redirectURIs) ?? []
        counts = try container.decodeIfPresent([String: Int].self, forKey: .counts) ?? [:]
        products = try container.decodeIfPresent([Product].self, forKey: .products) ?? []
        filesScanned = try container.decodeIfPresent(Int.self, forKey: .filesScanned) ?? 0
    }

    /// Every section, in the order the streaming writer writes them; `counts` in class order.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(hosts, forKey: .hosts)
        try object.encode(occurrences, forKey: .occurrences)
        try object.encode(related, forKey: .related)
        try object.encode(notHost, forKey: .notHost)
        try object.encode(binaryFiles, forKey: .binaryFiles)
        try object.encode(problems, forKey: .problems)
        try object.encode(redirectURIs, forKey: .redirectURIs)
        var tally = object.nestedContainer(keyedBy: ClassKey.self, forKey: .counts)
        let known = OccurrenceClass.allCases.map(\.rawValue)
        for name in known + counts.keys.filter({ !known.contains($0) }).sorted() {
            if let count = counts[name] { try tally.encode(count, forKey: ClassKey(stringValue: name)) }
        }
        try object.encode(products, forKey: .products)
        try object.encode(filesScanned, forKey: .filesScanned)
    }

    /// A class's name as a key of `counts`.
    struct ClassKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension ScanJSONDocument.Occurrence {
    /// The entry of `occurrence`.
    init(_ occurrence: HostOccurrence) {
        host = occurrence.host
        path = occurrence.path
        line = occurrence.line
        column = occurrence.column
        `class` = occurrence.occurrenceClass.rawValue
        rule = occurrence.rule
        ruleID = occurrence.ruleID
        encoding = occurrence.encoding.rawValue
        text = occurrence.text
        products = occurrence.products.map(\.name)
    }

    /// The fields the reader needs; the rest may be missing.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        host = try object.decode(String.self, forKey: .host)
        path = try object.decode(String.self, forKey: .path)
        line = try object.decode(Int.self, forKey: .line)
        column = try object.decodeIfPresent(Int.self, forKey: .column)
        `class` = try object.decodeIfPresent(String.self, forKey: .class)
        rule = try object.decodeIfPresent(String.self, forKey: .rule)
        ruleID = try object.decodeIfPresent(String.self, forKey: .ruleID)
        encoding = try object.decodeIfPresent(String.self, forKey: .encoding)
        text = try object.decode(String.self, forKey: .text)
        products = try object.decodeIfPresent([String].self, forKey: .products) ?? []
    }

    /// Every key written, in the streaming writer's order.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(host, forKey: .host)
        try object.encode(path, forKey: .path)
        try object.encode(line, forKey: .line)
        try object.encode(column, forKey: .column)
        try object.encode(`class`, forKey: .class)
        try object.encode(rule, forKey: .rule)
        try object.encode(ruleID, forKey: .ruleID)
        try object.encode(encoding, forKey: .encoding)
        try object.encode(text, forKey: .text)
        try object.encode(products, forKey: .products)
    }
}

extension ScanResult {
    /// The `--format json` document (documented in `docs/scan.md`) as a value.
    public var document: ScanJSONDocument { ScanJSONDocument(self) }
}
