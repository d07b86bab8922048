import Fingerprint
import RelopsCore

/// One thing wrong with an association document, located by JSON path (`[0].target.package_name`)
/// or, for a parse error, by line and column.
public struct AssociationProblem: Sendable, Equatable, CustomStringConvertible {
    /// The document: a file name or the URL it was fetched from.
    public let document: String
    /// Where in it: a JSON path, `line:col`, or empty for the whole document.
    public let location: String
    public let message: String

    public init(document: String, location: String, message: String) {
        self.document = document
        self.location = location
        self.message = message
    }

    public var description: String {
        location.isEmpty ? "\(document): \(message)" : "\(document): \(location): \(message)"
    }
}

/// What validating an assetlinks.json found.
public struct AssetLinksReport: Sendable {
    /// The parsed document; nil when the text is not JSON.
    public let document: AssetLinksDocument?
    public let problems: [AssociationProblem]
    public var isValid: Bool { problems.isEmpty }
}

/// What validating an apple-app-site-association found.
public struct AppleAssociationReport: Sendable {
    /// The parsed document; nil when the text is not JSON.
    public let document: AppSiteAssociation?
    public let problems: [AssociationProblem]
    public var isValid: Bool { problems.isEmpty }
}

/// Validates association documents that relops renders, with the parsers `relops verify` reads
/// the live ones with (`AssetLinksDocument`, `AppSiteAssociation`). A rendered document is
/// relops' own output, so its warnings (an unknown field, a duplicate statement) are problems too.
public enum AssociationValidator {
    /// Apple's limit on the AASA file size.
    public static let appleSizeLimit = 128 * 1024

    /// Validates assetlinks.json bytes. With `expectedPackage`, also checks that a statement grants
    /// `handle_all_urls` to that package.
    public static func assetLinks(
        _ bytes: [UInt8], document: String = "assetlinks.json", expectedPackage: String? = nil
    ) -> AssetLinksReport {
        var problems = Problems(document: document)
        guard let json = problems.parse(bytes) else { return AssetLinksReport(document: nil, problems: problems.list) }
        let parsed = AssetLinksDocument(json: json)
        problems.add(parsed.errors + parsed.warnings + AssetLinksDocument.fingerprintProblems(in: parsed.statements))
        let granted = parsed.statements.compactMap { statement -> String? in
            guard case .androidApp(let package, _) = statement.target,
                statement.relations.contains(AssetLinksDocument.handleAllURLs)
            else { return nil }
            return package
        }
        if granted.isEmpty {
            problems.add([
                "no statement grants \(AssetLinksDocument.handleAllURLs) to an android_app target, so App Links cannot verify"
            ])
        } else if let expectedPackage, !granted.contains(expectedPackage) {
            problems.add(["no statement grants it to the package \(expectedPackage)"])
        }
        return AssetLinksReport(document: parsed, problems: problems.list)
    }

    /// Validates apple-app-site-association bytes. With `expectedAppIDs`, also checks each is listed.
    public static func appleAppSiteAssociation(
        _ bytes: [UInt8], document: String = "apple-app-site-association",
        expectedAppIDs: [String] = []
    ) -> AppleAssociationReport {
        var problems = Problems(document: document)
        if bytes.count > appleSizeLimit {
            problems.add(["is \(bytes.count) bytes; Apple reads at most \(appleSizeLimit)"])
        }
        guard let json = problems.parse(bytes) else {
            return AppleAssociationReport(document: nil, problems: problems.list)
        }
        let parsed = AppSiteAssociation(json: json)
        problems.add(parsed.errors + parsed.warnings)
        if !parsed.hasAppLinks {
            problems.add(["has no applinks section (the document needs {\"applinks\": {\"details\": [...]}})"])
        } else if parsed.details.isEmpty && parsed.errors.isEmpty {
            problems.add(["applinks.details is empty, so no app is associated"])
        }
        let listed = parsed.details.flatMap(\.appIDs)
        for id in expectedAppIDs where !listed.contains(id) {
            problems.add(["applinks.details does not list the app id \(id)"])
        }
        return AppleAssociationReport(document: parsed, problems: problems.list)
    }

    /// The problems of one document.
    struct Problems {
        let document: String
        var list: [AssociationProblem] = []

        mutating func add(_ messages: [String]) {
            list += messages.map { AssociationProblem(document: document, location: "", message: $0) }
        }

        /// The JSON value, or nil with the parse error recorded; a byte order mark is a problem.
        mutating func parse(_ bytes: [UInt8]) -> JSONValue? {
            do {
                let (value, mark) = try AssociationJSON.parse(bytes, document: document)
                if mark { add(["starts with a UTF-8 byte order mark; serve plain UTF-8"]) }
                return value
            } catch {
                list.append(
                    AssociationProblem(
                        document: document, location: "\(error.line):\(error.column)",
                        message: "not valid JSON: \(error.message)"))
                return nil
            }
        }
    }
}
