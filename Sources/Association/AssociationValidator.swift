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

/// An `android_app` statement of assetlinks.json that grants `handle_all_urls`.
public struct AndroidAppStatement: Sendable, Equatable {
    public let packageName: String
    /// As served.
    public let fingerprints: [String]

    public init(packageName: String, fingerprints: [String]) {
        self.packageName = packageName
        self.fingerprints = fingerprints
    }
}

/// What validating an assetlinks.json found.
public struct AssetLinksReport: Sendable {
    /// Statements granting `delegate_permission/common.handle_all_urls` to an Android app.
    public let statements: [AndroidAppStatement]
    public let problems: [AssociationProblem]
    public var isValid: Bool { problems.isEmpty }
}

/// What validating an apple-app-site-association found.
public struct AppleAssociationReport: Sendable {
    /// Every app id in `applinks.details`.
    public let appIDs: [String]
    /// Every component of those details (legacy `paths` become `{"/": path}`).
    public let components: [JSONValue]
    public let problems: [AssociationProblem]
    public var isValid: Bool { problems.isEmpty }
}

/// Validates association documents, the rendered ones and the live ones alike, as Android's
/// verifier and Apple's CDN read them: strict JSON, the required structure, real values.
public enum AssociationValidator {
    /// The relation App Links need.
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// Apple's limit on the AASA file size.
    public static let appleSizeLimit = 128 * 1024

    /// Validates assetlinks.json bytes. With `expectedPackage`/`expectedFingerprints`, also checks
    /// that a statement names that package with every expected fingerprint.
    public static func assetLinks(
        _ bytes: [UInt8], document: String = "assetlinks.json", expectedPackage: String? = nil,
        expectedFingerprints: [CertificateFingerprint] = []
    ) -> AssetLinksReport {
        var problems: [AssociationProblem] = []
        func problem(_ location: String, _ message: String) {
            problems.append(AssociationProblem(document: document, location: location, message: message))
        }
        let root: JSONCNode
        do {
            root = try JSONCDocument(bytes: bytes, path: document, strict: true).root
        } catch {
            problem("\(error.line):\(error.column)", "not valid JSON: \(error.message)")
            return AssetLinksReport(statements: [], problems: problems)
        }
        guard let items = root.elements else {
            problem("", "must be a JSON array of statements")
            return AssetLinksReport(statements: [], problems: problems)
        }
        var statements: [AndroidAppStatement] = []
        for (i, item) in items.enumerated() {
            let at = "[\(i)]"
            guard item.members != nil else { problem(at, "a statement must be an object"); continue }
            let relations = item.member("relation")?.value.elements?.compactMap(\.string)
            guard let relations else { problem("\(at).relation", "must be an array of strings"); continue }
            guard let target = item.member("target")?.value, target.members != nil else {
                problem("\(at).target", "must be an object")
                continue
            }
            let namespace = target.member("namespace")?.value.string
            guard namespace == "android_app" else {
                if namespace != "web" { problem("\(at).target.namespace", "must be \"android_app\" (or \"web\")") }
                continue
            }
            let package = target.member("package_name")?.value.string ?? ""
            if !isJavaPackage(package) {
                problem(
                    "\(at).target.package_name", "\"\(package)\" is not an Android package name (like com.example.app)")
            }
            var fingerprints: [String] = []
            if let list = target.member("sha256_cert_fingerprints")?.value.elements, !list.isEmpty {
                for (j, entry) in list.enumerated() {
                    let place = "\(at).target.sha256_cert_fingerprints[\(j)]"
                    guard let text = entry.string else { problem(place, "must be a string"); continue }
                    fingerprints.append(text)
                    do {
                        let fingerprint = try FingerprintNormalizer.sha256(text)
                        if fingerprint.canonical != text {
                            problem(
                                place,
                                "\"\(text)\" must be written as uppercase hex bytes joined by colons: \(fingerprint.canonical)"
                            )
                        }
                    } catch {
                        problem(place, error.description)
                    }
                }
            } else {
                problem("\(at).target.sha256_cert_fingerprints", "must be a non-empty array of SHA-256 fingerprints")
            }
            if relations.contains(handleAllURLs) {
                statements.append(AndroidAppStatement(packageName: package, fingerprints: fingerprints))
            }
        }
        if statements.isEmpty {
            problem("", "no statement grants \(handleAllURLs) to an android_app target, so App Links cannot verify")
        }
        if let expectedPackage {
            let matching = statements.filter { $0.packageName == expectedPackage }
            if matching.isEmpty {
                problem("", "no statement names the package \(expectedPackage)")
            } else {
                let served = Set(matching.flatMap(\.fingerprints).compactMap { try? FingerprintNormalizer.sha256($0) })
                for fingerprint in expectedFingerprints where !served.contains(fingerprint) {
                    problem("", "\(expectedPackage) does not list the fingerprint \(fingerprint.canonical)")
                }
            }
        }
        return AssetLinksReport(statements: statements, problems: problems)
    }

    /// Validates apple-app-site-association bytes. With `expectedAppIDs`, also checks each is listed.
    public static func appleAppSiteAssociation(
        _ bytes: [UInt8], document: String = "apple-app-site-association",
        expectedAppIDs: [String] = []
    ) -> AppleAssociationReport {
        var problems: [AssociationProblem] = []
        func problem(_ location: String, _ message: String) {
            problems.append(AssociationProblem(document: document, location: location, message: message))
        }
        if bytes.count > appleSizeLimit {
            problem("", "is \(bytes.count) bytes; Apple reads at most \(appleSizeLimit)")
        }
        let root: JSONCNode
        do {
            root = try JSONCDocument(bytes: bytes, path: document, strict: true).root
        } catch {
            problem("\(error.line):\(error.column)", "not valid JSON: \(error.message)")
            return AppleAssociationReport(appIDs: [], components: [], problems: problems)
        }
        guard let details = root.member("applinks")?.value.member("details")?.value.elements, root.members != nil else {
            problem("applinks.details", "must be an array (the document needs {\"applinks\": {\"details\": [...]}})")
            return AppleAssociationReport(appIDs: [], components: [], problems: problems)
        }
        if details.isEmpty { problem("applinks.details", "is empty, so no app is associated") }
        var appIDs: [String] = []
        var components: [JSONValue] = []
        for (i, detail) in details.enumerated() {
            let at = "applinks.details[\(i)]"
            guard detail.members != nil else { problem(at, "must be an object"); continue }
            var ids: [String] = []
            if let list = detail.member("appIDs")?.value.elements {
                ids = list.compactMap(\.string)
                if ids.count != list.count { problem("\(at).appIDs", "must hold only strings") }
            } else if let single = detail.member("appID")?.value.string {
                ids = [single]
            } else {
                problem(at, "needs appIDs (an array of TEAMID.bundle.id)")
            }
            for (j, id) in ids.enumerated() where !isAppleAppID(id) {
                problem(
                    "\(at).appIDs[\(j)]", "\"\(id)\" is not an app id (a 10-character team id, a dot, the bundle id)")
            }
            appIDs += ids
            if let list = detail.member("components")?.value.elements {
                for (j, component) in list.enumerated() {
                    guard let members = component.members else {
                        problem("\(at).components[\(j)]", "must be an object"); continue
                    }
                    if !members.contains(where: { ["/", "?", "#"].contains($0.key) }) {
                        problem(
                            "\(at).components[\(j)]", "matches nothing: give \"/\" (a path pattern), \"?\" or \"#\"")
                    }
                    components.append(component.value)
                }
                if list.isEmpty { problem("\(at).components", "is empty, so no URL opens the app") }
            } else if let paths = detail.member("paths")?.value.elements {
                components += paths.compactMap(\.string).map { .object([("/", .string($0))]) }
            } else {
                problem(at, "needs components (or the older paths)")
            }
        }
        for id in expectedAppIDs where !appIDs.contains(id) {
            problem("applinks.details", "does not list the app id \(id)")
        }
        return AppleAssociationReport(appIDs: appIDs, components: components, problems: problems)
    }

    static func isJavaPackage(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, first.properties.isAlphabetic && first.isASCII else {
                    return false
                }
                return part.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
                }
            }
    }

    static func isAppleAppID(_ id: String) -> Bool {
        let scalars = Array(id.unicodeScalars)
        guard scalars.count > 11, scalars[10] == "." else { return false }
        let team = scalars[..<10].allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        let bundle = scalars[11...].allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-")
        }
        return team && bundle
    }
}
