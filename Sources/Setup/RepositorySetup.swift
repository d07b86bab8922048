import Anchors
import Association
import Foundation
import Git
import RelopsCore
import Verify

/// What `relops init` reads from a repository for its `.relops.yml`: the hosts each platform's
/// build files claim, the Android package and Apple app ids behind them, the platforms, the
/// source of each association document, the OAuth callback schemes and allowlist, and the folders
/// of documents that hold code anchors. Each value carries where it was read.
public struct RepositorySetup: Sendable {
    /// `app.web_host`: the claimed hosts, the one every platform claims first.
    public internal(set) var webHost: SetupChoice
    /// `app.android.package`: the packages behind the Android claims.
    public internal(set) var androidPackage: SetupChoice
    /// `app.association`: asked only when a document has several sources in the repository.
    public internal(set) var association: SetupChoice
    /// `app.ios.app_ids`: every app id behind an `applinks:` claim (all are written).
    public let appleAppIDs: [SetupCandidate]
    /// Bundle ids whose team relops found nowhere: written as comments to complete.
    public let bundleIDsWithoutTeam: [SetupCandidate]
    /// The platforms the build files claim hosts for (Android, iOS), with the first evidence.
    public let platforms: [SetupPlatform]
    /// One line per document: `assetlinks.json: static file site/.well-known/assetlinks.json`.
    public let documentSources: [String]
    /// `app.android.fingerprints` when the web host renders the documents from its settings.
    public let settingsFingerprints: SetupCandidate?
    /// True when nothing in the repository serves the documents.
    public let servedElsewhere: Bool
    /// The custom URL schemes the app heads register for the OAuth callback.
    public let oauthSchemes: [SetupCandidate]
    /// `app.oauth.allowlist`, when the repository holds one.
    public let oauthAllowlist: SetupCandidate?
    /// `anchors.docs`: globs of the documents holding `path:N` anchors.
    public let anchorDocs: [SetupCandidate]
    /// What relops saw but could not read, and what it does not read at all.
    public let notes: [String]

    /// The choices the person must still make.
    public var openChoices: [SetupChoice] { [webHost, androidPackage, association].filter(\.isOpen) }

    /// The hosts the build files claim, as `init` ranks them, without reading anything else (the
    /// apps, the association sources, the OAuth leg): what a host nobody holds is held against.
    public static func claimedHosts(_ project: Project) throws(Failure) -> [SetupCandidate] {
        let paths = try trackedPaths(project)
        let native = RepositoryClaims.read(root: project.root, paths: paths)
        var notes: [String] = []
        return hostCandidates(BuildFileClaims.read(root: project.root, paths: paths, native: native), notes: &notes)
            .candidates
    }

    /// The tracked paths (the git index), submodules left out.
    static func trackedPaths(_ project: Project) throws(Failure) -> [String] {
        do {
            let files = try project.repository.indexFiles()
            return (0..<files.count).filter { files.kinds[$0] != .submodule }.map(files.path(at:))
        } catch {
            throw Failure(.couldNotCheck, "\(project.root): cannot read the index: \(error.message)")
        }
    }

    /// What `init` does not read, for the file's header and `--help`.
    public static let notRead =
        "not read: Expo app.config.js/ts (code), Flutter's Dart code (its android/ and ios/ folders are read "
        + "as native apps), hosts computed in Gradle or Xcode scripts, and the signing fingerprints (give them "
        + "to association render with --fingerprint)"

    /// Reads `project`'s tracked files (the git index). `project` should be opened without its
    /// `.relops.yml` (`readingConfiguration: false`), so that the old file decides nothing.
    public static func read(_ project: Project) throws(Failure) -> RepositorySetup {
        let paths = try trackedPaths(project)
        let native = RepositoryClaims.read(root: project.root, paths: paths)
        let found = BuildFileClaims.read(root: project.root, paths: paths, native: native)
        let apps =
            ClaimingApp.read(
                RepositoryClaims(claims: found.claims), root: project.root, paths: paths, config: ProjectConfig())
            + found.expoApps
        let sources = try AssociationSources.find(in: project)
        let oauth = try OAuthCallbackLeg.read(root: project.root, paths: paths, config: ProjectConfig())
        var notes = found.notes + oauth.notes + apps.filter(\.ids.isEmpty).map { "\($0.claim.location): \($0.origin)" }
        let hosts = Self.hostCandidates(found, notes: &notes)
        return RepositorySetup(
            webHost: SetupChoice(
                key: "app.web_host", flag: "--web-host", candidates: hosts.candidates, preferred: hosts.why),
            androidPackage: SetupChoice(
                key: "app.android.package", flag: "--package", candidates: Self.ids(apps, .android, teamKnown: true)),
            association: SetupChoice(
                key: "app.association", flag: "--association", candidates: Self.sourceChoices(sources)),
            appleAppIDs: Self.ids(apps, .appLinks, teamKnown: true),
            bundleIDsWithoutTeam: Self.ids(apps, .appLinks, teamKnown: false),
            platforms: Self.platforms(found.claims + found.expoClaims + apps.map(\.claim)),
            documentSources: sources.documents.map { entry in
                "\(entry.document.rawValue): " + entry.sources.map(\.summary).joined(separator: "; ")
            },
            settingsFingerprints: Self.settings(sources),
            servedElsewhere: sources.documents.allSatisfy { $0.sources.allSatisfy(\.isExternal) },
            oauthSchemes: Self.schemes(oauth),
            oauthAllowlist: oauth.allowlists.first.flatMap { list in
                list.files.first.map { SetupCandidate(value: $0 + "#" + list.key, evidence: list.keyLocations) }
            },
            anchorDocs: Self.anchorFolders(root: project.root, paths: paths),
            notes: notes)
    }

    /// Picks `value` for the choice `flag` names (`--web-host`, `--package`, `--association`).
    public mutating func pick(_ value: String, flag: String, source: String) throws(Failure) {
        switch flag {
        case "--web-host":
            try webHost.pick(value, source: source) { text throws(Failure) in try HostName(text, option: flag).name }
        case "--package":
            try androidPackage.pick(value, source: source) { text throws(Failure) in
                guard AssociationIdentity.isPackageName(text) else {
                    throw Failure(
                        .usage,
                        "\(flag) \(text): not an Android package name (dotted Java identifiers, com.example.app)")
                }
                return text
            }
        default:
            let known = association.candidates.map(\.value)
            try association.pick(value, source: source) { text throws(Failure) in
                throw Failure(
                    .usage,
                    "\(flag) \(text): not a source of the documents here"
                        + (known.isEmpty ? " (none has several sources)" : "; one of: " + known.joined(separator: ", "))
                )
            }
        }
    }
}
