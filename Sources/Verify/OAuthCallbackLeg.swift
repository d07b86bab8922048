import Fingerprint
import Foundation
import RelopsCore

/// The native OAuth callback leg as the repository's tracked files hold it: the custom schemes
/// the app heads register, the schemes the identity service allow-lists
/// (`OAuth:AllowedReturnUrlSchemes`, every appsettings environment file), and the callback URLs
/// the client passes to `WebAuthenticator`. Read like the association claims: text, no build.
public struct OAuthCallbackLeg: Sendable {
    /// A platform head of the app, named by its folder (`Source/App/Platforms/iOS`).
    public struct Head: Sendable, Hashable {
        /// Which platform.
        public let platform: Platform
        /// The head's folder, relative to the repository root.
        public let folder: String
        /// `iOS head (Source/App/Platforms/iOS)`.
        public var name: String { "\(platform.rawValue) head (\(folder))" }
    }

    /// A scheme a head registers to receive the callback.
    public struct Registration: Sendable, Equatable {
        /// The scheme as written.
        public let scheme: String
        /// The head that registers it.
        public let head: Head
        /// `path:line` of the registration.
        public let location: String
        /// How it is registered: `CFBundleURLSchemes`, `intent-filter`, `[IntentFilter] DataScheme`.
        public let source: String
        /// True when an Android `WebAuthenticatorCallbackActivity` registers it: the callback scheme.
        public var onCallbackActivity = false
    }

    /// One environment's allowlist: the base file's value, overridden index by index by the
    /// environment file's (as .NET configuration binds arrays).
    public struct Allowlist: Sendable, Equatable {
        /// `appsettings.json`, or `Production` for `appsettings.Production.json` over the base file.
        public let environment: String
        /// The key, `OAuth:AllowedReturnUrlSchemes`.
        public let key: String
        /// Each scheme and the `path:line` where it is written.
        public let entries: [(scheme: String, location: String)]
        /// The files the list comes from.
        public let files: [String]
        /// `path:line` of the key in each file that sets it.
        public let keyLocations: [String]

        /// Equal environments, keys, files and entries.
        public static func == (a: Allowlist, b: Allowlist) -> Bool {
            a.environment == b.environment && a.key == b.key && a.files == b.files && a.keyLocations == b.keyLocations
                && a.entries.map { "\($0.scheme)@\($0.location)" } == b.entries.map { "\($0.scheme)@\($0.location)" }
        }

        /// True when `scheme` is listed (schemes compare without case, as URIs do).
        public func contains(_ scheme: String) -> Bool {
            entries.contains { $0.scheme.lowercased() == scheme.lowercased() }
        }
    }

    /// A `WebAuthenticator.AuthenticateAsync` call site and the callback URL it passes, when that
    /// is a literal or a constant of the same file.
    public struct CallbackURL: Sendable, Equatable {
        /// `path:line` of the call.
        public let location: String
        /// The URL, or nil when the expression could not be read without guessing.
        public let url: String?
        /// The expression as written.
        public let expression: String
        /// The URL's scheme, lowercased.
        public var scheme: String? {
            guard let url, let colon = url.firstIndex(of: ":") else { return nil }
            return url[..<colon].lowercased()
        }
    }

    /// The app's heads.
    public var heads: [Head] = []
    /// The schemes the heads register.
    public var registrations: [Registration] = []
    /// One allowlist per environment file that sets the key.
    public var allowlists: [Allowlist] = []
    /// The client's `WebAuthenticator` call sites.
    public var callbacks: [CallbackURL] = []
    /// What relops saw but could not read.
    public var notes: [String] = []
    /// A reverse-DNS scheme to suggest (the app's package or bundle id), when known.
    public var suggestedScheme: String?
    /// Why the allowlist is not read here, when it is not: `app.oauth.allowlist: external` in
    /// `.relops.yml`. Its checks then say "not checked here", never fail.
    public var allowlistExternal: String?

    /// An empty leg.
    public init() {}

    /// True when nothing of the leg was found.
    public var isEmpty: Bool { registrations.isEmpty && allowlists.isEmpty && callbacks.isEmpty }

    /// The default key of the identity service's allowlist.
    public static let defaultKey = "OAuth:AllowedReturnUrlSchemes"

    /// Reads the leg from the tracked `paths` under `root`. `.relops.yml`'s `app.oauth.allowlist`
    /// (`path#Section:Key`) names the allowlist, or says it is `external` (another repository
    /// holds it: not read, not failed); without it every tracked `appsettings*.json`
    /// holding `OAuth:AllowedReturnUrlSchemes` is read. A malformed setting or config is bad input.
    public static func read(root: String, paths: [String], config: ProjectConfig) throws(Failure) -> OAuthCallbackLeg {
        var leg = OAuthCallbackLeg()
        leg.heads = Self.heads(paths)
        var expoAppID: String?
        // A file relops may not read is a note, never taken for one that registers nothing.
        func text(_ path: String, containing markers: [String] = []) -> String? {
            TrackedFileText.read(
                path, in: root, containing: markers, orNote: "its URL schemes were not read", in: &leg.notes)
        }
        for path in paths {
            let name = (path as NSString).lastPathComponent
            if RepositoryClaims.isExpoConfig(path) && !path.contains("node_modules/") {
                if let text = text(path, containing: ["scheme"]) {
                    expoAppID = leg.readExpoScheme(text, path) ?? expoAppID
                }
            } else if name == "Info.plist" {
                if let text = text(path, containing: ["CFBundleURLSchemes"]) {
                    leg.readInfoPlist(text, path)
                }
            } else if name == "AndroidManifest.xml" {
                guard let text = text(path) else { continue }
                // An app's manifest (a launcher activity) is a head; a library module's is not.
                if text.contains("android.intent.category.LAUNCHER") {
                    let head = leg.head(of: path, .android)
                    if !leg.heads.contains(head) { leg.heads.append(head) }
                }
                if text.contains("BROWSABLE") { leg.readManifest(text, path) }
            } else if name.hasSuffix(".cs"),
                let text = text(path, containing: ["WebAuthenticatorCallbackActivity", "AuthenticateAsync"])
            {
                if text.contains("WebAuthenticatorCallbackActivity") { leg.readCallbackActivity(text, path) }
                if text.contains("AuthenticateAsync") { leg.readCallSites(text, path) }
            }
        }
        leg.resolveApplicationIDPlaceholders(BuildFileReader(root: root, paths: paths))
        if config.oauthAllowlist?.lowercased() == "external" {
            leg.allowlistExternal = "app.oauth.allowlist: external in .relops.yml"
        } else {
            leg.allowlists = try AllowlistReader(root: root, paths: paths, setting: config.oauthAllowlist).read()
        }
        leg.suggestedScheme =
            config.androidPackage ?? config.iosAppIDs.first.map { String($0.drop { $0 != "." }.dropFirst()) }
            ?? expoAppID
        return leg
    }

    /// The MAUI heads: each `Platforms/iOS` and `Platforms/Android` folder. (An
    /// `AndroidManifest.xml` with a launcher activity outside one is a head too: see `read`.)
    static func heads(_ paths: [String]) -> [Head] {
        var out: [Head] = []
        for path in paths {
            let parts = path.split(separator: "/").map(String.init)
            var head: Head?  // the innermost Platforms/<platform> folder
            for i in parts.indices.dropLast() where i > 0 && parts[i - 1] == "Platforms" {
                let folder = parts[...i].joined(separator: "/")
                if parts[i] == "iOS" { head = Head(platform: .iOS, folder: folder) }
                if parts[i] == "Android" { head = Head(platform: .android, folder: folder) }
            }
            if let head, !out.contains(head) { out.append(head) }
        }
        return out
    }

    /// The head a file belongs to (the longest head folder holding it), or one of its own.
    func head(of path: String, _ platform: Platform) -> Head {
        let holding = heads.filter { $0.platform == platform && path.hasPrefix($0.folder + "/") }
        return holding.max { $0.folder.count < $1.folder.count }
            ?? Head(platform: platform, folder: (path as NSString).deletingLastPathComponent)
    }

    /// `${applicationId}` in a manifest's scheme is Gradle's own placeholder for the module's
    /// application id: a KMP or Android app registers `${applicationId}://callback`. Resolved from
    /// the module's build file (a literal or a Gradle property), or named in the notes as unread.
    mutating func resolveApplicationIDPlaceholders(_ reader: BuildFileReader) {
        let placeholder = "${applicationId}"
        for index in registrations.indices where registrations[index].scheme.contains(placeholder) {
            let registration = registrations[index]
            let app = reader.androidApp(
                RepositoryClaims.Claim(host: "", kind: .android, location: registration.location))
            guard let id = app.ids.first else {
                notes.append("\(registration.location): \(placeholder) in a URL scheme is not resolved: \(app.origin)")
                continue
            }
            registrations[index] = Registration(
                scheme: registration.scheme.replacingOccurrences(of: placeholder, with: id), head: registration.head,
                location: registration.location,
                source: registration.source + " (\(placeholder) is \(id), \(app.origin))",
                onCallbackActivity: registration.onCallbackActivity)
        }
    }

    mutating func register(
        _ scheme: String, _ platform: Platform, _ path: String, _ line: Int, _ source: String,
        onCallbackActivity: Bool = false
    ) {
        let head = head(of: path, platform)
        if !heads.contains(head) { heads.append(head) }
        registrations.append(
            Registration(
                scheme: scheme, head: head, location: "\(path):\(line)", source: source,
                onCallbackActivity: onCallbackActivity))
    }
}
