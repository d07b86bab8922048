import RelopsCore

/// The relation an App Link needs: the site lets the app handle all its URLs.
public let handleAllURLs = "delegate_permission/common.handle_all_urls"

/// A parsed `/.well-known/assetlinks.json`: its well-formed statements, and what was wrong with
/// the rest. Parsing never throws for a wrong shape: a wrong shape is a finding, not an error.
public struct AssetLinksDocument: Sendable {
    /// One statement: relations and a target, or an `include` of another statement list.
    public struct Statement: Sendable, Equatable {
        public enum Target: Sendable, Equatable {
            case androidApp(package: String, fingerprints: [String])
            case web(site: String)
        }
        /// Where it sits in its file (0-based).
        public let index: Int
        public let relations: [String]
        public let target: Target?
        /// The URL of another statement list, for an include statement.
        public let include: String?
    }

    public var statements: [Statement] = []
    /// Malformed statements and a body that is not a list (each a failure).
    public var errors: [String] = []
    /// Unknown fields, repeated keys and duplicate statements (each a warning).
    public var warnings: [String] = []

    /// Reads a body; throws only when it is not JSON at all.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> AssetLinksDocument {
        AssetLinksDocument(json: try JSONReader.parse(bytes))
    }

    /// Reads the statements of a JSON value.
    public init(json: JSONValue) {
        guard let items = json.arrayValue else {
            errors.append("the document is not a JSON array of statements")
            return
        }
        // Keyed by a canonical rendering, so a file of many statements costs linear time, not quadratic.
        var seen: Set<String> = []
        for (i, item) in items.enumerated() {
            if !seen.insert(item.canonicalText).inserted {
                warnings.append("statement [\(i)] duplicates an earlier one")
            }
            if let statement = read(item, i) { statements.append(statement) }
        }
    }

    private mutating func read(_ item: JSONValue, _ i: Int) -> Statement? {
        guard let pairs = item.objectPairs else {
            errors.append("statement [\(i)] is not an object")
            return nil
        }
        noteRepeatedKeys(pairs, "statement [\(i)]")
        if let include = item["include"] {
            guard let url = include.stringValue else {
                errors.append("statement [\(i)]: include must be a URL string")
                return nil
            }
            for (k, _) in pairs where k != "include" {
                warnings.append("statement [\(i)]: include statement has another field `\(k)`")
            }
            return Statement(index: i, relations: [], target: nil, include: url)
        }
        for (k, _) in pairs where !["relation", "target", "relation_extensions"].contains(k) {
            warnings.append("statement [\(i)]: unknown field `\(k)`")
        }
        guard let relationValue = item["relation"], let relationItems = relationValue.arrayValue,
            !relationItems.isEmpty, relationItems.allSatisfy({ $0.stringValue != nil })
        else {
            errors.append("statement [\(i)]: `relation` must be a non-empty list of strings")
            return nil
        }
        let relations = relationItems.compactMap(\.stringValue)
        guard let target = item["target"], let targetPairs = target.objectPairs else {
            errors.append("statement [\(i)]: `target` must be an object")
            return nil
        }
        noteRepeatedKeys(targetPairs, "statement [\(i)].target")
        switch target["namespace"]?.stringValue {
        case "android_app":
            for (k, _) in targetPairs where !["namespace", "package_name", "sha256_cert_fingerprints"].contains(k) {
                warnings.append("statement [\(i)].target: unknown field `\(k)`")
            }
            guard let package = target["package_name"]?.stringValue, !package.isEmpty else {
                errors.append("statement [\(i)].target: android_app needs a `package_name` string")
                return nil
            }
            guard let prints = target["sha256_cert_fingerprints"]?.arrayValue,
                prints.allSatisfy({ $0.stringValue != nil })
            else {
                errors.append(
                    "statement [\(i)].target: android_app needs `sha256_cert_fingerprints`, a list of strings")
                return nil
            }
            return Statement(
                index: i, relations: relations,
                target: .androidApp(package: package, fingerprints: prints.compactMap(\.stringValue)), include: nil)
        case "web":
            for (k, _) in targetPairs where !["namespace", "site"].contains(k) {
                warnings.append("statement [\(i)].target: unknown field `\(k)`")
            }
            guard let site = target["site"]?.stringValue else {
                errors.append("statement [\(i)].target: web needs a `site` string")
                return nil
            }
            return Statement(index: i, relations: relations, target: .web(site: site), include: nil)
        case let other:
            errors.append(
                "statement [\(i)].target: namespace must be \"android_app\" or \"web\""
                    + (other.map { ", not \"\($0)\"" } ?? ""))
            return nil
        }
    }

    private mutating func noteRepeatedKeys(_ pairs: [(String, JSONValue)], _ place: String) {
        var keys: Set<String> = []
        for (k, _) in pairs where !keys.insert(k).inserted {
            warnings.append("\(place): key `\(k)` appears more than once")
        }
    }
}

/// What assetlinks.json must grant: the package and its app-signing fingerprints.
struct AndroidGrantCheck {
    let package: String?
    /// Canonical expected fingerprints.
    let fingerprints: [String]

    /// Checks the statements of a file and everything it includes.
    func evaluate(_ statements: [AssetLinksDocument.Statement], into list: inout CheckList) {
        let apps = statements.compactMap { s -> (package: String, prints: [String], grants: Bool)? in
            guard case .androidApp(let package, let prints) = s.target else { return nil }
            return (package, prints, s.relations.contains(handleAllURLs))
        }
        for app in apps {
            for served in app.prints where !CanonicalFingerprint.isCanonical(served) {
                let how =
                    CanonicalFingerprint.canonical(served) == nil
                    ? "is not a SHA-256 fingerprint (expected 32 colon-separated uppercase hex bytes)"
                    : (served.contains(":") ? "is not uppercase" : "has no colons")
                        + "; Android compares fingerprints as 32 colon-separated uppercase hex bytes"
                list.fail(
                    "assetlinks.fingerprint-form", "\(app.package): sha256_cert_fingerprints \"\(served)\" \(how)")
            }
        }
        guard let package else {
            list.skip("assetlinks.grant", "no expected package name (give --package or app.android.package)")
            return
        }
        let granting = apps.filter { $0.grants && $0.package == package }
        guard !granting.isEmpty else {
            let others = Set(apps.filter(\.grants).map(\.package)).sorted()
            let found =
                others.isEmpty
                ? "no android_app statement grants it" : "it is granted to: " + others.joined(separator: ", ")
            let related =
                apps.contains { $0.package == package } ? " (\(package) is listed without \(handleAllURLs))" : ""
            list.fail("assetlinks.grant", "no statement grants \(handleAllURLs) to \(package); \(found)\(related)")
            return
        }
        list.pass("assetlinks.grant", "a statement grants \(handleAllURLs) to \(package)")
        let served = granting.flatMap(\.prints)
        guard !fingerprints.isEmpty else {
            list.warn(
                "assetlinks.fingerprint",
                "no expected fingerprint to compare (give --fingerprint or app.android.fingerprints); served: "
                    + served.joined(separator: ", "))
            return
        }
        for expected in fingerprints {
            if served.contains(expected) {
                list.pass("assetlinks.fingerprint", "\(package) lists \(expected)")
            } else if let near = served.first(where: {
                CanonicalFingerprint.digits($0) == CanonicalFingerprint.digits(expected)
            }) {
                list.fail(
                    "assetlinks.fingerprint",
                    "\(package) lists the expected fingerprint as \"\(near)\", not in the canonical form \(expected)")
            } else {
                list.fail(
                    "assetlinks.fingerprint",
                    "\(package) does not list \(expected); served: "
                        + (served.isEmpty ? "none" : served.joined(separator: ", ")))
            }
        }
    }
}
