import Foundation
import RelopsCore

/// The hosts the app binaries claim, read from the repository: `applinks:` and `webcredentials:`
/// in iOS entitlements, App Links intent filters in `AndroidManifest.xml` and in C# `[IntentFilter]`
/// attributes (.NET for Android), whose `DataHost` is a literal or a `const string` in the same file.
public struct RepositoryClaims: Sendable {
    /// One host claimed by one platform.
    public struct Claim: Sendable, Equatable {
        /// `applinks:`, `webcredentials:` or an Android App Links intent filter.
        public enum Kind: String, Sendable { case appLinks = "applinks", webCredentials = "webcredentials", android }
        /// The claimed host name.
        public let host: String
        /// How it is claimed.
        public let kind: Kind
        /// `path:line` where the claim is written.
        public let location: String

        /// A claim as given (`relops init` adds those of Expo's `app.json` and resolved placeholders).
        public init(host: String, kind: Kind, location: String) {
            self.host = host
            self.kind = kind
            self.location = location
        }
    }

    /// Every claim found, in file order.
    public var claims: [Claim] = []
    /// Claims relops saw but could not read (a `DataHost` that is not a literal, a filter without autoVerify).
    public var notes: [String] = []

    /// Claims and notes as given.
    public init(claims: [Claim] = [], notes: [String] = []) {
        self.claims = claims
        self.notes = notes
    }

    /// True for the tracked files that can hold a claim.
    public static func mayHoldClaims(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasSuffix(".entitlements") || (name.hasSuffix(".plist") && name.contains("ntitlements"))
            || name == "AndroidManifest.xml" || name.hasSuffix(".cs")
    }

    /// Reads the claims in `paths` (relative to `root`); a file that cannot be read is a note, so
    /// its claims are never taken for none.
    public static func read(root: String, paths: [String]) -> RepositoryClaims {
        var out = RepositoryClaims()
        for path in paths where mayHoldClaims(path) {
            // A C# file matters only when it holds an [IntentFilter]: look at its bytes first.
            let markers = path.hasSuffix(".cs") ? ["IntentFilter"] : []
            guard
                let text = TrackedFileText.read(
                    path, in: root, containing: markers, orNote: "its app-link claims were not read", in: &out.notes)
            else { continue }
            if path.hasSuffix(".cs") {
                out.readCSharp(text, path)
            } else if path.hasSuffix("AndroidManifest.xml") {
                out.readManifest(text, path)
            } else {
                out.readEntitlements(text, path)
            }
        }
        return out
    }

    /// Every `<intent-filter` block of a manifest, from its opening tag through `</intent-filter>`
    /// (or the end of the text), with where it opens.
    static func intentFilters(in text: String) -> [(open: Range<String.Index>, block: String)] {
        var out: [(open: Range<String.Index>, block: String)] = []
        var search = text.startIndex
        while let open = text.range(of: "<intent-filter", range: search..<text.endIndex) {
            let end =
                text.range(of: "</intent-filter>", range: open.upperBound..<text.endIndex)?.upperBound ?? text.endIndex
            search = end
            out.append((open, String(text[open.lowerBound..<end])))
        }
        return out
    }

    static func line(of offset: String.Index, in text: String) -> Int {
        text[..<offset].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    mutating func readEntitlements(_ text: String, _ path: String) {
        var search = text.startIndex
        while let open = text.range(of: "<string>", range: search..<text.endIndex),
            let close = text.range(of: "</string>", range: open.upperBound..<text.endIndex)
        {
            search = close.upperBound
            let value = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            for (prefix, kind) in [("applinks:", Claim.Kind.appLinks), ("webcredentials:", .webCredentials)]
            where value.hasPrefix(prefix) {
                var host = String(value.dropFirst(prefix.count))
                if let q = host.firstIndex(of: "?") { host = String(host[..<q]) }  // ?mode=developer
                claims.append(
                    Claim(host: host, kind: kind, location: "\(path):\(Self.line(of: open.lowerBound, in: text))"))
            }
        }
    }

    mutating func readManifest(_ text: String, _ path: String) {
        for (open, block) in Self.intentFilters(in: text) {
            guard block.contains("android:scheme=\"https\"") || block.contains("android:scheme=\"http\"") else {
                continue
            }
            let hosts = Self.attributeValues("android:host", in: block)
            let line = Self.line(of: open.lowerBound, in: text)
            let verified = block.contains("android:autoVerify=\"true\"")
            for host in hosts {
                if verified {
                    claims.append(Claim(host: host, kind: .android, location: "\(path):\(line)"))
                } else {
                    notes.append(
                        "\(path):\(line): intent-filter for \(host) has no android:autoVerify=\"true\": Android will not verify it"
                    )
                }
            }
        }
    }

    static func attributeValues(_ name: String, in text: String) -> [String] {
        var out: [String] = []
        var search = text.startIndex
        while let r = text.range(of: name + "=\"", range: search..<text.endIndex),
            let close = text[r.upperBound...].firstIndex(of: "\"")
        {
            out.append(String(text[r.upperBound..<close]))
            search = close
        }
        return out
    }

    mutating func readCSharp(_ text: String, _ path: String) {
        var search = text.startIndex
        while let open = text.range(of: "[IntentFilter(", range: search..<text.endIndex) {
            // The attribute's arguments: up to and with the matching `)`, skipping string literals.
            let inside = callArguments(text, from: open.upperBound)
            let i = inside.upperBound < text.endIndex ? text.index(after: inside.upperBound) : text.endIndex
            search = i
            let arguments = String(text[open.upperBound..<i])
            let line = Self.line(of: open.lowerBound, in: text)
            let where_ = "\(path):\(line)"
            guard arguments.range(of: #"DataSchemes?\s*=.*"https?""#, options: .regularExpression) != nil else {
                continue
            }
            let verified = arguments.range(of: #"AutoVerify\s*=\s*true"#, options: .regularExpression) != nil
            var hosts: [String] = []
            for value in Self.assignments("DataHost", in: arguments) {
                if value.hasPrefix("\"") {
                    hosts.append(String(value.dropFirst().dropLast()))
                } else if let resolved = Self.constant(value, in: text) {
                    hosts.append(resolved)
                } else {
                    notes.append(
                        "\(where_): DataHost = \(value) is neither a literal nor a const string in this file; not checked"
                    )
                }
            }
            if let list = arguments.range(of: #"DataHosts\s*=\s*new[^{]*\{[^}]*\}"#, options: .regularExpression) {
                hosts += Self.literals(in: String(arguments[list]))
            }
            for host in hosts {
                if verified {
                    claims.append(Claim(host: host, kind: .android, location: where_))
                } else {
                    notes.append(
                        "\(where_): [IntentFilter] for \(host) has no AutoVerify = true: Android will not verify it")
                }
            }
        }
    }

    /// Right-hand sides of `name = value` (a string literal or an identifier, possibly dotted).
    static func assignments(_ name: String, in text: String) -> [String] {
        BuiltInRegex("\\b\(BuiltInRegex.escaped(name))\\s*=\\s*(\"[^\"]*\"|[A-Za-z_][A-Za-z0-9_.]*)").captures(in: text)
    }

    private static let stringLiteral = BuiltInRegex("\"([^\"]*)\"")

    static func literals(in text: String) -> [String] {
        stringLiteral.captures(in: text)
    }

    /// The value of `const string NAME = "value";` in the same file (the last part of a dotted name).
    static func constant(_ reference: String, in text: String) -> String? {
        let name = reference.split(separator: ".").last.map(String.init) ?? reference
        return BuiltInRegex("\\bconst\\s+string\\s+\(BuiltInRegex.escaped(name))\\s*=\\s*\"([^\"]*)\"").first(in: text)?
            .value
    }

    /// Checks of the claims themselves: hosts only one platform claims, hosts that differ from `webHost`.
    /// A host one platform claims is a mismatch only when the other platform claims some host and
    /// both platforms are checked (`platforms`): an Android-only app (no `applinks:` anywhere) is
    /// not an iOS app that forgot the host.
    public func checks(webHost: String, platforms: Set<Platform> = [.android, .iOS]) -> [Check] {
        var out: [Check] = []
        for note in notes { out.append(Check("claims.read", .warn, url: nil, note)) }
        guard !claims.isEmpty else {
            out.append(
                Check(
                    "claims", .warn, url: nil,
                    "the repository claims no host (no applinks:, webcredentials: or verified intent filter found)"))
            return out
        }
        let android = Set(claims.filter { $0.kind == .android }.map { $0.host.lowercased() })
        let ios = Set(claims.filter { $0.kind == .appLinks }.map { $0.host.lowercased() })
        let both = platforms.contains(.android) && platforms.contains(.iOS)
        var seen: Set<String> = []
        for claim in claims where seen.insert(claim.host.lowercased() + claim.kind.rawValue).inserted {
            let host = claim.host.lowercased()
            let prefix = "\(claim.location): \(claim.kind.rawValue) \(claim.host)"
            if claim.kind == .android && both && !ios.isEmpty && !ios.contains(host) {
                out.append(
                    Check("claims.platforms", .warn, url: nil, "\(prefix): claimed by Android, not by iOS applinks:"))
            } else if claim.kind == .appLinks && both && !android.isEmpty && !android.contains(host) {
                out.append(
                    Check("claims.platforms", .warn, url: nil, "\(prefix): claimed by iOS applinks:, not by Android"))
            }
            if host != webHost.lowercased() {
                out.append(Check("claims.web-host", .warn, url: nil, "\(prefix): differs from app.web_host \(webHost)"))
            } else {
                out.append(Check("claims.web-host", .pass, url: nil, "\(prefix): is app.web_host"))
            }
        }
        return out
    }
}
