import Artifact
import Association
import Fingerprint
import Foundation
import Git
import RelopsCore

/// `relops verify`'s command line as given: nil or empty where a flag is absent. The executable
/// fills it from the parsed arguments; `VerifyOptions.resolve` turns it into options.
public struct VerifyArguments: Sendable {
    /// `--host H[:PORT]` (else `app.web_host`), validated where the flag was read.
    public var host: WebHost?
    /// `--resolve` entries.
    public var resolve: [String] = []
    /// `--connect-to` entries.
    public var connectTo: [String] = []
    /// `--cacert FILE`.
    public var caFile: String?
    /// `--package NAME`.
    public var package: String?
    /// `--fingerprint` values, any spelling.
    public var fingerprints: [String] = []
    /// `--app-id` values.
    public var appIDs: [String] = []
    /// `--path` values.
    public var paths: [String] = []
    /// `--offline`.
    public var offline = false
    /// `--local`.
    public var local = false
    /// `--dal-endpoint URL`.
    public var dalEndpoint: String?
    /// `--apple-cdn-endpoint URL`.
    public var appleCDNEndpoint: String?
    /// `--connect-timeout SECONDS`, as typed.
    public var connectTimeout: String?
    /// `--timeout SECONDS`, as typed.
    public var timeout: String?
    /// `--repo PATH`.
    public var repo: String?
    /// `--config FILE`.
    public var config: String?
    /// `--templates DIR`.
    public var templates: String?
    /// `--tls-only`: resolve and complete a verified TLS handshake, nothing else.
    public var tlsOnly = false
    /// `--wait DURATION` and `--interval D`.
    public var wait: String?
    /// `--interval D`, as typed.
    public var interval: String?
    /// `--platforms android,ios`, as typed (empty: both); read once, by `VerifyOptions.resolve`.
    public var platforms: String?
    /// `--allow-unchecked`: what relops could not check is reported, not failed.
    public var allowUnchecked = false
    /// `--artifact FILE` values: release binaries to check.
    public var artifacts: [String] = []
    /// `--min-app-version V`.
    public var minAppVersion: String?
    /// `--debug-keystore FILE` (default `~/.android/debug.keystore`): a release binary signed with
    /// its key is a debug build.
    public var debugKeystore: String?
    /// The repository's identity when the caller read it already (`status` verifies each host with
    /// the one it read); nil reads it when needed.
    public var identity: RepositoryIdentity?

    /// No flags given.
    public init() {}
}

extension VerifyOptions {
    /// The options for `arguments`: flags first, then the web host's AppAssociation config
    /// (`--config` or `app.android.fingerprints`), then `.relops.yml`. With `--repo` (or `--local`
    /// inside a repository) the tracked files give the claimed hosts and the OAuth callback leg;
    /// with `--local` also the apps behind the claims (`ClaimingApp`), held against the documents.
    /// Warnings found on the way (a placeholder fingerprint, notes of the config) are in `notes`.
    public static func resolve(_ arguments: VerifyArguments) throws(Failure) -> VerifyOptions {
        var project: Project?
        if let repo = arguments.repo {
            project = try Project(path: repo)
        } else {
            project = try enclosingProject()
        }
        let config = project?.config ?? ProjectConfig()
        guard let host = arguments.host ?? config.webHost else {
            throw Failure(.usage, "no host to verify: give --host or set app.web_host in .relops.yml")
        }
        var options = VerifyOptions(host: host)
        let known: [Platform] = [.android, .iOS]
        let platformsFlag = try Platform.parse(list: arguments.platforms, option: "--platforms", known: known)
        // `app.platforms` in .relops.yml stands in for the flag.
        let platformsGiven = platformsFlag ?? config.platforms
        options.platforms = platformsGiven ?? Set(known)
        options.allowUnchecked = arguments.allowUnchecked
        // An empty value (a runbook variable left empty) is no value: as for --platforms "".
        var arguments = arguments
        if arguments.package?.isEmpty == true { arguments.package = nil }
        // A runbook variable may hold a list: `--fingerprint A,B` is two, `--app-id ''` none.
        arguments.appIDs = Self.listed(arguments.appIDs)
        arguments.fingerprints = Self.listed(arguments.fingerprints)
        if platformsFlag != nil {
            options.origins.platforms = "--platforms"
        } else if config.platforms != nil {
            options.origins.platforms = ".relops.yml app.platforms"
        }
        try options.applyTransfer(arguments)
        try options.applyWindow(arguments)
        if arguments.tlsOnly {
            if !arguments.artifacts.isEmpty { throw Failure(.usage, "--artifact does not apply to --tls-only") }
            return options
        }
        try options.applyArtifacts(arguments)
        var tracked: [String] = []
        // The repository's identity, read once: given by the caller (`status` verifies several hosts
        // with one), else read here when the claims, the OAuth leg or a release binary need it.
        var identity = arguments.identity
        if identity == nil, let project, arguments.repo != nil || arguments.local || !options.artifacts.isEmpty {
            identity = try RepositoryIdentity.read(project, config: config)
        }
        if let identity, arguments.repo != nil || arguments.local {
            tracked = identity.tracked
            options.claims = identity.claims
            options.claimingApps = identity.claimingApps(package: arguments.package, appIDs: arguments.appIDs)
            options.oauth = identity.oauth
        }
        options.configuredWebHost = config.webHost
        try options.applyExpectations(arguments, config: config, root: project?.root)
        if let project, options.expectedDocuments == nil, arguments.config == nil, config.servedSettings == nil,
            arguments.templates == nil
        {
            try options.applySources(project)
            options.readLocalIncludes(project, tracked: Set(tracked))
        }
        if options.claims != nil { options.applyBuildFiles(platformsGiven: platformsGiven != nil) }
        if let identity, !options.artifacts.isEmpty {
            for registration in identity.oauth?.registrations ?? [] {
                let platform = registration.head.platform
                if !(options.callbackSchemes[platform] ?? []).contains(registration.scheme) {
                    options.callbackSchemes[platform, default: []].append(registration.scheme)
                }
            }
            if options.artifacts.contains(where: { if case .ipa = $0 { false } else { true } }) {
                let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
                options.knownKeys = ArtifactKnownKeys.read(
                    root: identity.root, tracked: identity.tracked,
                    debugKeystore: arguments.debugKeystore ?? home + "/.android/debug.keystore")
            }
        }
        return options
    }

    /// `--artifact` and `--min-app-version`: every release binary is read now, before anything is
    /// fetched, so a file that is no APK, AAB or IPA is a usage error naming it.
    mutating func applyArtifacts(_ arguments: VerifyArguments) throws(Failure) {
        for path in arguments.artifacts {
            guard !path.isEmpty else { throw Failure(.usage, "--artifact '' names no file") }
            artifacts.append(try ReleaseArtifact.read(path))
        }
        if let version = arguments.minAppVersion, !version.isEmpty {
            guard ArtifactChecks.compare(version, version) != nil else {
                throw Failure(.usage, "--min-app-version \(version): not a dotted version number (2.4 or 2.4.1)")
            }
            guard !artifacts.isEmpty else { throw Failure(.usage, "--min-app-version needs --artifact FILE") }
            minAppVersion = version
        }
    }

    /// Where and how requests go: `--resolve`, `--connect-to`, `--cacert`, endpoints, timeouts.
    mutating func applyTransfer(_ arguments: VerifyArguments) throws(Failure) {
        resolve = arguments.resolve
        connectTo = arguments.connectTo
        caFile = arguments.caFile
        if let ca = caFile, !FileManager.default.isReadableFile(atPath: ca) {
            throw Failure(.badInput, "--cacert \(ca): cannot read the file")
        }
        offline = arguments.offline
        local = arguments.local
        if let url = arguments.dalEndpoint { dalEndpoint = try Self.httpsURL(url, "--dal-endpoint") }
        if let url = arguments.appleCDNEndpoint { appleCDNEndpoint = try Self.httpsURL(url, "--apple-cdn-endpoint") }
        connectTimeout = try Self.seconds(arguments.connectTimeout, "--connect-timeout", default: 5)
        totalTimeout = try Self.seconds(arguments.timeout, "--timeout", default: 10)
    }

    /// `--tls-only` and `--wait`/`--interval`. With `--local` nothing is fetched, so the TLS check
    /// is a skip line and one round decides a wait (a runbook can pass `--local` to every step).
    mutating func applyWindow(_ arguments: VerifyArguments) throws(Failure) {
        tlsOnly = arguments.tlsOnly
        if let text = arguments.wait {
            wait = try VerifyWait.parse(wait: text, interval: arguments.interval)
        } else if let text = arguments.interval {
            throw Failure(.usage, "--interval \(text) needs --wait DURATION")
        }
        if local, wait != nil {
            notes.append(
                "--wait with --local: nothing is fetched, so nothing can change between rounds; one round decides")
            wait = nil
        }
    }

    /// Each value of a repeatable option split at commas, trimmed, empty ones dropped. Only at
    /// commas: a fingerprint may be spelled as hex bytes separated by spaces.
    static func listed(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter {
            !$0.isEmpty
        }
    }

    /// What the files must carry, and the documents they must equal: flags, else the web host's
    /// AppAssociation section (with `.relops.yml`'s app filling gaps).
    mutating func applyExpectations(_ arguments: VerifyArguments, config: ProjectConfig, root: String?)
        throws(Failure)
    {
        var settings: AppAssociationSettings?
        var target: ConfigTarget?
        if arguments.config != nil || config.servedSettings != nil {
            let found = try ConfigTarget.resolve(
                config: arguments.config, key: nil, projectSetting: config.servedSettings, root: root)
            target = found
            settings = try AppAssociationSettings.load(target: found, config: config)
        }
        var fingerprints = arguments.fingerprints
        if fingerprints.isEmpty, let target { fingerprints = try configuredFingerprints(target) }
        let paths = config.iosPaths.isEmpty ? settings?.applePaths ?? [] : config.iosPaths
        expectation = VerifyExpectation(
            androidPackage: arguments.package ?? settings?.androidPackage ?? config.androidPackage,
            fingerprints: fingerprints,
            iosAppIDs: arguments.appIDs.isEmpty ? settings?.appleAppIDs ?? config.iosAppIDs : arguments.appIDs,
            iosPaths: arguments.paths.isEmpty ? paths : arguments.paths)
        origins.note(arguments, config: config, settings: settings, from: target)
        if target == nil, let folder = arguments.templates {
            throw Failure(
                .usage, "--templates \(folder): nothing to render; give --config FILE or set app.android.fingerprints")
        }
        if let target, let settings {
            expectedDocuments = try rendered(settings, from: target, templates: arguments.templates, required: local)
        }
    }

    /// With no settings file named, the documents come from the repository's association sources
    /// (`association sources`): what each host must serve, and with `--local` what stands in for it.
    /// A source relops cannot follow (an nginx location at a missing file, two sources for one
    /// document) stops `--local`; a live check goes on without the comparison, noting why.
    mutating func applySources(_ project: Project) throws(Failure) {
        let found = try AssociationSources.find(in: project)
        documentSources = found.documents
        // A settings section found without .relops.yml gives what the files must carry, as a
        // configured one does (flags and .relops.yml first).
        let settingsSource = found.documents.lazy.compactMap { entry -> (String, String)? in
            guard entry.sources.count == 1, case .settings(let path, let section) = entry.sources[0] else { return nil }
            return (path, section)
        }.first
        if let (path, section) = settingsSource {
            let target = try ConfigTarget.inRepository(
                path, root: project.root,
                keyPath: section.split(separator: ":").map(String.init) + ["AndroidCertFingerprints"])
            let settings = try AppAssociationSettings.load(target: target, config: project.config)
            let origin = "\(path) \(section):"
            if expectation.androidPackage == nil, let package = settings.androidPackage {
                expectation.androidPackage = package
                origins.package = origins.package ?? origin + "AndroidPackageName"
            }
            if expectation.iosAppIDs.isEmpty, !settings.appleAppIDs.isEmpty {
                expectation.iosAppIDs = settings.appleAppIDs
                origins.appIDs = origins.appIDs ?? origin + "AppleAppIds"
            }
            if expectation.iosPaths.isEmpty, !settings.applePaths.isEmpty {
                expectation.iosPaths = settings.applePaths
                origins.paths = origins.paths ?? origin + "ApplePaths"
            }
            if expectation.fingerprints.isEmpty, !settings.androidFingerprints.isEmpty {
                expectation.fingerprints = try configuredFingerprints(target)
                if !expectation.fingerprints.isEmpty { origins.fingerprints = origin + "AndroidCertFingerprints" }
            }
        }
        do {
            expectedDocuments = ExpectedDocuments(sourced: try found.served(in: project))
        } catch {
            if local { throw error }
            notes.append("the live files are not compared with the repository's: \(error.message)")
        }
    }

    /// The fingerprints the web host's config holds. The placeholder is not expected live (a
    /// note says so, and the rendered document fails on it); a malformed value is bad input
    /// naming the file.
    mutating func configuredFingerprints(_ target: ConfigTarget) throws(Failure) -> [String] {
        var out: [String] = []
        for value in try target.values() {
            if FingerprintNormalizer.isPlaceholder(value) {
                notes.append(
                    "\(target.displayPath): \(target.key) still holds the placeholder \(value); "
                        + "no fingerprint is expected live (relops fingerprint rotate sets the real one)")
                continue
            }
            do {
                out.append(try FingerprintNormalizer.sha256(value).canonical)
            } catch {
                throw Failure(.badInput, "\(target.displayPath): \(target.key): \(error.description)")
            }
        }
        return out
    }

    /// What `relops association render` makes of the web host's config, or nil when the config
    /// names neither an Android package nor an Apple app id (nothing to render; still rendered
    /// when `required`, as for `--local`, so its problems show).
    mutating func rendered(
        _ settings: AppAssociationSettings, from target: ConfigTarget, templates folder: String?, required: Bool
    ) throws(Failure) -> ExpectedDocuments? {
        guard required || settings.androidPackage != nil || !settings.appleAppIDs.isEmpty else { return nil }
        let templates = try folder.map { folder throws(Failure) in try AssociationTemplates.load(folder: folder) }
        notes += settings.notes
        return ExpectedDocuments(
            rendered: try AssociationDocuments.render(settings, templates: templates ?? .builtIn),
            source: target.displayPath)
    }

    /// The repository around the current folder, or nil outside one (flags alone then). A malformed
    /// `.relops.yml` is still an error.
    static func enclosingProject() throws(Failure) -> Project? {
        let result = Result { () throws(Failure) in try Project(path: nil) }
        switch result {
        case .success(let project): return project
        case .failure(let failure):
            if failure.category == .couldNotCheck { return nil }
            throw failure
        }
    }

    /// The tracked files' paths, from the git index.
    static func trackedPaths(_ project: Project) throws(Failure) -> [String] {
        do {
            let files = try project.repository.indexFiles()
            return (0..<files.count).map(files.path(at:))
        } catch {
            throw Failure(.couldNotCheck, "\(project.root): cannot read the index: \(error.message)")
        }
    }

    /// A number of seconds from 1 to 600.
    static func seconds(_ text: String?, _ flag: String, default value: Double) throws(Failure) -> Double {
        guard let text else { return value }
        guard let s = Double(text), s.isFinite, s >= 1, s <= 600 else {
            throw Failure(.usage, "\(flag) \(text): expected a number of seconds from 1 to 600")
        }
        return s
    }

    static func httpsURL(_ text: String, _ flag: String) throws(Failure) -> String {
        guard text.lowercased().hasPrefix("https://"), text.count > 8 else {
            throw Failure(.usage, "\(flag) \(text): expected an https:// URL")
        }
        return text
    }
}
