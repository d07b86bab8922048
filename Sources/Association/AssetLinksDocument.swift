import Fingerprint
import RelopsCore

/// A parsed `/.well-known/assetlinks.json`: its well-formed statements, and what was wrong with
/// the rest. Parsing never throws for a wrong shape: a wrong shape is a finding, not an error.
public struct AssetLinksDocument: Sendable {
    /// The relation an App Link needs: the site lets the app handle all its URLs.
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"

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

    /// Reads a body (strict JSON, as `AssociationJSON` reads it); throws only when it is not JSON at all.
    public static func parse(_ bytes: [UInt8], document: String = "assetlinks.json") throws(JSONCError)
        -> AssetLinksDocument
    {
        AssetLinksDocument(json: try AssociationJSON.parse(bytes, document: document).value)
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
            if !AssetLinksDocument.isAndroidPackage(package) {
                errors.append(
                    "statement [\(i)].target: \"\(package)\" is not an Android package name (like com.example.app)")
            }
            guard let prints = target["sha256_cert_fingerprints"]?.arrayValue,
                prints.allSatisfy({ $0.stringValue != nil })
            else {
                errors.append(
                    "statement [\(i)].target: android_app needs `sha256_cert_fingerprints`, a list of strings")
                return nil
            }
            if prints.isEmpty {
                errors.append("statement [\(i)].target: sha256_cert_fingerprints is empty, so no app signature matches")
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

extension AssetLinksDocument {
    /// What is wrong with each served fingerprint of the `android_app` statements: Android compares
    /// the served text as it is, so only 32 colon-separated uppercase hex bytes match. One line
    /// each, naming the package and the text; empty when all are canonical.
    public static func fingerprintProblems(in statements: [Statement]) -> [String] {
        var out: [String] = []
        for statement in statements {
            guard case .androidApp(let package, let prints) = statement.target else { continue }
            for served in prints {
                let how: String
                do {
                    let canonical = try FingerprintNormalizer.sha256(served).canonical
                    if canonical == served { continue }
                    how =
                        (served.contains(":") ? "is not uppercase" : "has no colons")
                        + "; Android compares fingerprints as 32 colon-separated uppercase hex bytes: \(canonical)"
                } catch {
                    how = error.reason
                }
                out.append("\(package): sha256_cert_fingerprints \"\(served)\" \(how)")
            }
        }
        return out
    }

    /// A Java package name as Android wants it: two or more dot-separated parts, each a letter then
    /// letters, digits or underscores.
    public static func isAndroidPackage(_ name: String) -> Bool {
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
}
