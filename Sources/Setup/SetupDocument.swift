import RelopsCore

/// `relops init --print --format json`: a schema version, then the whole reading: each choice
/// with its candidates, the Apple app ids, the platforms, the document sources, the settings
/// fingerprints, the OAuth schemes and allowlist, the anchor documents, notes and the file's text.
/// A value that is missing is `null`, never left out.
public struct SetupDocument: Encodable, Sendable {
    /// The version of this layout that this relops writes.
    public static let schemaVersion = 1

    /// What `init` read.
    public let setup: RepositorySetup

    /// The document of `setup`.
    public init(_ setup: RepositorySetup) { self.setup = setup }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case webHost = "web_host"
        case androidPackage = "android_package"
        case association
        case appleAppIDs = "apple_app_ids"
        case bundleIDsWithoutTeam = "bundle_ids_without_team"
        case platforms
        case documentSources = "document_sources"
        case androidFingerprints = "android_fingerprints"
        case oauthSchemes = "oauth_schemes"
        case oauthAllowlist = "oauth_allowlist"
        case anchorDocs = "anchor_docs"
        case notes, file
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(setup.webHost, forKey: .webHost)
        try object.encode(setup.androidPackage, forKey: .androidPackage)
        try object.encode(setup.association, forKey: .association)
        try object.encode(setup.appleAppIDs, forKey: .appleAppIDs)
        try object.encode(setup.bundleIDsWithoutTeam, forKey: .bundleIDsWithoutTeam)
        try object.encode(setup.platforms, forKey: .platforms)
        try object.encode(setup.documentSources, forKey: .documentSources)
        try object.encode(setup.settingsFingerprints, forKey: .androidFingerprints)
        try object.encode(setup.oauthSchemes, forKey: .oauthSchemes)
        try object.encode(setup.oauthAllowlist, forKey: .oauthAllowlist)
        try object.encode(setup.anchorDocs, forKey: .anchorDocs)
        try object.encode(setup.notes, forKey: .notes)
        try object.encode(setup.fileText, forKey: .file)
    }
}
