import Fingerprint
import RelopsCore

/// A parsed `apple-app-site-association`: the `applinks` details in either form Apple reads, and
/// `webcredentials.apps`. A wrong shape is a finding (`errors`, `warnings`), not a thrown error.
public struct AppSiteAssociation: Sendable {
    /// One `applinks.details` entry.
    public struct Detail: Sendable, Equatable {
        public let index: Int
        public let appIDs: [String]
        /// iOS 13+ `components`; nil in the legacy form.
        public let components: [URLComponentPattern]?
        /// Legacy `paths` (`NOT ` prefixes exclude); nil in the iOS 13+ form.
        public let paths: [String]?

        /// The form this entry is written in, for messages.
        public var form: String {
            components != nil ? "iOS 13+ form (appIDs + components)" : "legacy form (appID + paths)"
        }
    }

    public var details: [Detail] = []
    /// `webcredentials.apps`, nil when the document has no `webcredentials`.
    public var webCredentialsApps: [String]?
    public var hasAppLinks = false
    public var errors: [String] = []
    public var warnings: [String] = []

    /// Reads a body (strict JSON, as `AssociationJSON` reads it); throws only when it is not JSON at all.
    public static func parse(_ bytes: [UInt8], document: String = "apple-app-site-association")
        throws(JSONCError) -> AppSiteAssociation
    {
        AppSiteAssociation(json: try AssociationJSON.parse(bytes, document: document).value)
    }

    public init(json: JSONValue) {
        guard let top = json.objectPairs else {
            errors.append("the document is not a JSON object")
            return
        }
        for (k, _) in top where !["applinks", "webcredentials", "appclips", "activitycontinuation"].contains(k) {
            warnings.append("unknown top-level field `\(k)`")
        }
        if let web = json["webcredentials"] {
            if let apps = web["apps"]?.arrayValue, apps.allSatisfy({ $0.stringValue != nil }) {
                webCredentialsApps = apps.compactMap(\.stringValue)
            } else {
                errors.append("webcredentials.apps must be a list of app id strings")
            }
        }
        guard let applinks = json["applinks"] else { return }
        hasAppLinks = true
        guard let pairs = applinks.objectPairs else {
            errors.append("applinks must be an object")
            return
        }
        for (k, _) in pairs where !["apps", "details", "defaults", "substitutionVariables"].contains(k) {
            warnings.append("applinks: unknown field `\(k)`")
        }
        if let apps = applinks["apps"], apps.arrayValue?.isEmpty != true {
            warnings.append("applinks.apps should be an empty list (legacy field)")
        }
        let defaults = readDefaults(applinks["defaults"], at: "applinks.defaults", over: ComponentDefaults())
        guard let items = applinks["details"]?.arrayValue else {
            errors.append("applinks.details must be a list")
            return
        }
        for (i, item) in items.enumerated() {
            if let detail = read(item, i, defaults: defaults) { details.append(detail) }
        }
    }

    /// `defaults` (`caseSensitive`, `percentEncoded`) over `outer`: what every component under it
    /// starts from. A value that is not a boolean is an error, an unknown key a warning.
    private mutating func readDefaults(_ value: JSONValue?, at place: String, over outer: ComponentDefaults)
        -> ComponentDefaults
    {
        guard let value else { return outer }
        guard let pairs = value.objectPairs else {
            errors.append("\(place) must be an object")
            return outer
        }
        var out = outer
        for (k, v) in pairs {
            guard k == "caseSensitive" || k == "percentEncoded" else {
                warnings.append("\(place): unknown field `\(k)`")
                continue
            }
            guard case .bool(let b) = v else {
                errors.append("\(place).\(k) must be true or false")
                continue
            }
            if k == "caseSensitive" { out.caseSensitive = b } else { out.percentEncoded = b }
        }
        return out
    }

    /// The apps a detail opens, read as Apple reads them: `appIDs` when the detail has it (an
    /// empty list opens no app, and an `appID` beside it is ignored), else the legacy `appID`.
    private mutating func readAppIDs(_ item: JSONValue, at place: String) -> [String]? {
        if let many = item["appIDs"] {
            guard let list = many.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                errors.append("\(place).appIDs must be a list of strings")
                return nil
            }
            if let legacy = item["appID"] {
                warnings.append(
                    "\(place).appID \(legacy.stringValue.map { "\"\($0)\"" } ?? "") is ignored: Apple reads appIDs "
                        + "when a detail has it")
            }
            guard !list.isEmpty else {
                errors.append("\(place).appIDs is empty, so no app opens these links")
                return nil
            }
            return list.compactMap(\.stringValue)
        }
        guard let one = item["appID"] else {
            errors.append("\(place) names no app (neither appIDs nor appID)")
            return nil
        }
        guard let id = one.stringValue else {
            errors.append("\(place).appID must be a string")
            return nil
        }
        return [id]
    }

    private mutating func read(_ item: JSONValue, _ i: Int, defaults outer: ComponentDefaults) -> Detail? {
        let place = "applinks.details[\(i)]"
        guard let pairs = item.objectPairs else {
            errors.append("\(place) is not an object")
            return nil
        }
        for (k, _) in pairs where !["appIDs", "appID", "components", "paths", "defaults"].contains(k) {
            warnings.append("\(place): unknown field `\(k)`")
        }
        guard let ids = readAppIDs(item, at: place) else { return nil }
        for id in ids where !AppleAppID.isValid(id) {
            errors.append("\(place): \"\(id)\" is not TEAMID.bundle.id (a 10-character team id, a dot, a bundle id)")
        }
        let defaults = readDefaults(item["defaults"], at: "\(place).defaults", over: outer)
        if let components = item["components"] {
            guard let list = components.arrayValue else {
                errors.append("\(place).components must be a list")
                return nil
            }
            var patterns: [URLComponentPattern] = []
            if list.isEmpty { errors.append("\(place).components is empty, so no URL opens the app") }
            for (j, c) in list.enumerated() {
                switch URLComponentPattern.read(c, defaults: defaults) {
                case .success(let p):
                    if p.path == nil && p.query == nil && p.fragment == nil {
                        warnings.append("\(place).components[\(j)] has no \"/\", \"?\" or \"#\": it matches every URL")
                    }
                    patterns.append(p)
                case .failure(let why): errors.append("\(place).components[\(j)]: \(why.message)")
                }
            }
            return Detail(index: i, appIDs: ids, components: patterns, paths: nil)
        }
        if let paths = item["paths"] {
            guard let list = paths.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                errors.append("\(place).paths must be a list of strings")
                return nil
            }
            return Detail(index: i, appIDs: ids, components: nil, paths: list.compactMap(\.stringValue))
        }
        errors.append("\(place) has neither components nor paths")
        return nil
    }
}

/// Apple app ids: `TEAMID.bundle.id`.
public enum AppleAppID {
    /// True for a 10-character team id of letters and digits, a dot and a bundle id.
    public static func isValid(_ id: String) -> Bool {
        let parts = id.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 10,
            parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            !parts[1].isEmpty,
            parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
        else { return false }
        return true
    }
}

struct Message: Error { let message: String }

/// What a component starts from before its own keys: `applinks.defaults`, then its detail's
/// `defaults` (Apple's defaults: case-sensitive, percent-encoded patterns).
public struct ComponentDefaults: Sendable, Equatable {
    public var caseSensitive = true
    public var percentEncoded = true

    public init() {}
}

/// One iOS 13+ `components` entry: patterns for the path (`/`), query (`?`) and fragment (`#`).
public struct URLComponentPattern: Sendable, Equatable {
    public enum Query: Sendable, Equatable {
        case whole(String)
        case items([String: String])
    }
    public var path: String?
    public var query: Query?
    public var fragment: String?
    public var exclude = false
    public var caseSensitive = true
    /// False when the patterns are written decoded: a URL is then matched percent-decoded.
    public var percentEncoded = true

    static func read(_ value: JSONValue, defaults: ComponentDefaults = ComponentDefaults()) -> Result<
        URLComponentPattern, Message
    > {
        guard let pairs = value.objectPairs else { return .failure(Message(message: "not an object")) }
        var p = URLComponentPattern()
        p.caseSensitive = defaults.caseSensitive
        p.percentEncoded = defaults.percentEncoded
        for (k, v) in pairs {
            switch k {
            case "/", "#":
                guard let s = v.stringValue else { return .failure(Message(message: "`\(k)` must be a string")) }
                if k == "/" { p.path = s } else { p.fragment = s }
            case "?":
                if let s = v.stringValue {
                    p.query = .whole(s)
                } else if let items = v.objectPairs, items.allSatisfy({ $0.1.stringValue != nil }) {
                    var d: [String: String] = [:]
                    for (name, pattern) in items { d[name] = pattern.stringValue }
                    p.query = .items(d)
                } else {
                    return .failure(Message(message: "`?` must be a string or an object of strings"))
                }
            case "exclude", "caseSensitive", "percentEncoded":
                guard case .bool(let b) = v else { return .failure(Message(message: "`\(k)` must be true or false")) }
                switch k {
                case "exclude": p.exclude = b
                case "caseSensitive": p.caseSensitive = b
                default: p.percentEncoded = b
                }
            case "comment": break
            default: return .failure(Message(message: "unknown key `\(k)`"))
            }
        }
        return .success(p)
    }

    /// True when a URL's path, query and fragment all match (a missing pattern matches anything).
    /// Patterns written decoded (`percentEncoded: false`) are matched against the decoded URL,
    /// part by part: a query is split into items at its raw `&` and `=` before each name and value
    /// is decoded, so an encoded `%26` or `%3D` stays inside its value.
    public func matches(path urlPath: String, query urlQuery: String?, fragment urlFragment: String?) -> Bool {
        let decode: (Substring) -> String =
            percentEncoded ? { String($0) } : { String($0).removingPercentEncoding ?? String($0) }
        func matches(_ pattern: String, _ text: String) -> Bool {
            Wildcard.matches(pattern, text, caseSensitive: caseSensitive)
        }
        if let path, !matches(path, decode(urlPath[...])) { return false }
        if let fragment, !matches(fragment, decode((urlFragment ?? "")[...])) { return false }
        switch query {
        case nil: return true
        case .whole(let pattern): return matches(pattern, decode((urlQuery ?? "")[...]))
        case .items(let items):
            var values: [String: String] = [:]
            for item in (urlQuery ?? "").split(separator: "&") {
                let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = decode(kv[0])
                if values[name] == nil { values[name] = kv.count > 1 ? decode(kv[1]) : "" }
            }
            return items.allSatisfy { matches($0.value, values[$0.key] ?? "") }
        }
    }
}

/// What Apple's rules say about one URL for one app: first matching component or path wins.
public enum LinkDecision: Sendable, Equatable {
    /// Opens in the app: matched by component or path number `index` (0-based).
    case handled(index: Int)
    /// Stays in the browser: excluded by component or `NOT ` path number `index`.
    case excluded(index: Int)
    /// Stays in the browser: nothing matched.
    case unmatched
}

extension AppSiteAssociation.Detail {
    /// Evaluates a URL (path, optional query and fragment) with Apple's rules.
    public func decide(path: String, query: String? = nil, fragment: String? = nil) -> LinkDecision {
        if let components {
            for (i, c) in components.enumerated() where c.matches(path: path, query: query, fragment: fragment) {
                return c.exclude ? .excluded(index: i) : .handled(index: i)
            }
            return .unmatched
        }
        for (i, entry) in (paths ?? []).enumerated() {
            if entry.hasPrefix("NOT ") {
                if Wildcard.matches(String(entry.dropFirst(4)), path, caseSensitive: true) {
                    return .excluded(index: i)
                }
            } else if Wildcard.matches(entry, path, caseSensitive: true) {
                return .handled(index: i)
            }
        }
        return .unmatched
    }
}

/// Apple's pattern syntax: `*` matches any run of characters (slashes included), `?` exactly one.
public enum Wildcard {
    /// True when `pattern` matches the whole of `text`. Linear backtracking on the last `*`: no recursion.
    public static func matches(_ pattern: String, _ text: String, caseSensitive: Bool) -> Bool {
        let p = Array(caseSensitive ? pattern.unicodeScalars : pattern.lowercased().unicodeScalars)
        let t = Array(caseSensitive ? text.unicodeScalars : text.lowercased().unicodeScalars)
        var pi = 0, ti = 0
        var star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || (p[pi] != "*" && p[pi] == t[ti])) {
                pi += 1
                ti += 1
            } else if pi < p.count && p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
