/// What an iOS release binary (an IPA's `Payload/<Name>.app`) says about the app: its bundle id and
/// version from `Info.plist`, the URL schemes it registers, the entitlements its executable is
/// signed with, and its embedded provisioning profile. The reader is in `IOSAppReading.swift`.
public struct IOSApp: Sendable, Equatable {
    /// The bundle folder inside the archive: `Payload/Name.app`.
    public var bundlePath: String
    /// `CFBundleIdentifier`.
    public var bundleID: String
    /// `CFBundleShortVersionString` (the marketing version, `2.4.1`); nil when absent.
    public var shortVersion: String?
    /// `CFBundleVersion` (the build number); nil when absent.
    public var buildVersion: String?
    /// Every `CFBundleURLSchemes` value of every `CFBundleURLTypes` entry.
    public var urlSchemes: [String]
    /// The entitlements the main executable's code signature carries; nil when it has none
    /// (an unsigned or ad-hoc build).
    public var entitlements: Entitlements?
    /// `embedded.mobileprovision`; nil when the bundle has none.
    public var profile: ProvisioningProfile?

    public init(
        bundlePath: String, bundleID: String, shortVersion: String? = nil, buildVersion: String? = nil,
        urlSchemes: [String] = [], entitlements: Entitlements? = nil, profile: ProvisioningProfile? = nil
    ) {
        self.bundlePath = bundlePath
        self.bundleID = bundleID
        self.shortVersion = shortVersion
        self.buildVersion = buildVersion
        self.urlSchemes = urlSchemes
        self.entitlements = entitlements
        self.profile = profile
    }
}

/// The entitlements that matter to links: the app id (`TEAMID.bundle.id`), the team, and the
/// associated domains (`applinks:example.org`, `webcredentials:...`).
public struct Entitlements: Sendable, Equatable {
    /// `application-identifier`.
    public var applicationIdentifier: String?
    /// `com.apple.developer.team-identifier`.
    public var teamIdentifier: String?
    /// `com.apple.developer.associated-domains`, as written (`applinks:example.org?mode=developer`).
    public var associatedDomains: [String]
    /// Where they were read: `Payload/Name.app/Name (arm64)`, `embedded.mobileprovision`.
    public var source: String

    public init(
        applicationIdentifier: String? = nil, teamIdentifier: String? = nil, associatedDomains: [String] = [],
        source: String
    ) {
        self.applicationIdentifier = applicationIdentifier
        self.teamIdentifier = teamIdentifier
        self.associatedDomains = associatedDomains
        self.source = source
    }

    /// The hosts of the `applinks:` domains, without a `?mode=` suffix.
    public var appLinkHosts: [String] {
        associatedDomains.compactMap { domain -> String? in
            guard domain.hasPrefix("applinks:") else { return nil }
            let host = domain.dropFirst("applinks:".count)
            return String(host.split(separator: "?", maxSplits: 1).first ?? host)
        }
    }
}

/// An `embedded.mobileprovision`: the CMS-signed property list Xcode embeds.
public struct ProvisioningProfile: Sendable, Equatable {
    /// `Name`.
    public var name: String?
    /// `TeamIdentifier`.
    public var teamIdentifiers: [String]
    /// `Entitlements` of the profile: what the signature may claim.
    public var entitlements: Entitlements
    /// `ExpirationDate`, ISO 8601; nil when absent.
    public var expirationDate: String?
    /// True when the profile lists `ProvisionedDevices` (a development or ad-hoc profile, not one
    /// the App Store takes).
    public var listsDevices: Bool

    public init(
        name: String? = nil, teamIdentifiers: [String] = [], entitlements: Entitlements, expirationDate: String? = nil,
        listsDevices: Bool = false
    ) {
        self.name = name
        self.teamIdentifiers = teamIdentifiers
        self.entitlements = entitlements
        self.expirationDate = expirationDate
        self.listsDevices = listsDevices
    }
}
