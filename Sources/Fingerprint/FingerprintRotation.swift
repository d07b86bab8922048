import Crypto
import Foundation
import RelopsCore

/// What a rotation asks for.
public struct RotationRequest: Sendable {
    /// The config file and key to edit.
    public var target: ConfigTarget
    /// The new app signing fingerprints (one, or every signer of an APK with `--from-apk`);
    /// empty only for a pure `--retire`.
    public var newFingerprints: [CertificateFingerprint]
    /// Keep the values already there (an overlap window) instead of replacing them.
    public var keepOld = false
    /// A fingerprint to remove.
    public var retire: CertificateFingerprint?
    /// The repository root: where keystores, overriding settings and documentation are looked for.
    public var repositoryRoot: String?
    /// `~/.android/debug.keystore` unless told otherwise; nil to skip it.
    public var debugKeystore: String?
    /// Extra passwords to try on PKCS#12 keystores.
    public var keystorePasswords: [String] = []
    /// Repository keystores the operator accepts unchecked (`--unchecked-keystore PATH`); any
    /// other keystore in the repository that cannot be opened stops the rotation.
    public var uncheckedKeystores: [String] = []

    /// A rotation to `newFingerprint` (nil for a pure `--retire`).
    public init(target: ConfigTarget, newFingerprint: CertificateFingerprint?) {
        self.init(target: target, newFingerprints: newFingerprint.map { [$0] } ?? [])
    }

    /// A rotation that adds every one of `newFingerprints` (`--from-apk`).
    public init(target: ConfigTarget, newFingerprints: [CertificateFingerprint]) {
        self.target = target
        self.newFingerprints = newFingerprints
    }
}

/// A planned (or applied) edit of the served fingerprints, with what it leaves behind.
public struct FingerprintRotation: Sendable {
    public let target: ConfigTarget
    /// The config's bytes before and after the edit.
    public let before: [UInt8]
    public let after: [UInt8]
    /// The array's values before and after.
    public let oldValues: [String]
    public let newValues: [String]
    /// Fingerprints that were served and no longer are.
    public let retired: [CertificateFingerprint]
    /// Other settings of the same key that override the served value.
    public let overrides: [ConfigOverride]
    /// Documentation still holding the placeholder or a retired fingerprint.
    public let staleDocuments: [StaleDocumentLine]
    /// Keystores found but not checked against the new fingerprint, with why.
    public let uncheckedKeystores: [(path: String, reason: String)]

    /// Whether the config changes at all.
    public var changesConfig: Bool { before != after }

    /// The preview: a unified diff of the config.
    public var diff: String { unifiedDiff(path: target.displayPath, before: before, after: after) }

    /// Writes the edited config atomically, after checking it re-parses to the planned values and
    /// that the file still holds what was planned from.
    public func apply() throws(Failure) {
        guard changesConfig else { return }
        let current = try target.load()
        guard current.bytes == before else {
            throw Failure(.couldNotCheck, "\(target.displayPath): changed since it was read; run the rotation again")
        }
        let check: JSONCDocument
        do {
            check = try JSONCDocument(bytes: after, path: target.displayPath, strict: target.servedDocument)
        } catch {
            throw Failure(.couldNotCheck, "internal error: the edited config does not parse: \(error)")
        }
        guard check.node(at: target.keyPath)?.elements?.compactMap(\.string) == newValues else {
            throw Failure(.couldNotCheck, "internal error: the edited config does not hold the planned values")
        }
        try AtomicFile.write(after, to: target.path)
    }

    /// Plans a rotation: validates the new fingerprint against local keystores and computes the edit.
    public static func plan(_ request: RotationRequest) throws(Failure) -> FingerprintRotation {
        if !request.newFingerprints.isEmpty {
            let unchecked = try refuseLocalKeys(
                request.newFingerprints, root: request.repositoryRoot, debugKeystore: request.debugKeystore,
                passwords: request.keystorePasswords, accepted: request.uncheckedKeystores)
            return try plan(request, unchecked: unchecked)
        }
        guard request.retire != nil else {
            throw Failure(.usage, "nothing to do: give the new fingerprint (--to FP or --cert FILE) or --retire FP")
        }
        return try plan(request, unchecked: [])
    }

    /// Refuses a fingerprint that is the certificate of an upload or debug keystore found under
    /// `root` or at `debugKeystore`, and stops (exit 1) when a keystore in the repository cannot be
    /// opened (unknown password or type) unless `accepted` names it: the new fingerprint may be
    /// that upload key's. Returns the keystores that were not read, with why.
    public static func refuseLocalKeys(
        _ fingerprints: [CertificateFingerprint], root: String?, debugKeystore: String?, passwords: [String],
        accepted: [String] = []
    ) throws(Failure) -> [(path: String, reason: String)] {
        // The local keystores are read with OpenSSL: without it the new fingerprint cannot be
        // checked against the upload and debug keys, so the rotation stops here (exit 3).
        do { try loadOpenSSL() } catch { throw Failure(.couldNotCheck, error.message) }
        let known = KnownKeystores.find(root: root, debugKeystore: debugKeystore, passwords: passwords)
        for new in fingerprints {
            if let key = known.match(new) { throw Failure(.badInput, WrongKeyError(key: key).description) }
        }
        let acceptedPaths = Set(accepted.map { repositoryRelative($0, root: root) })
        let blocking = known.unread.filter { $0.path != debugKeystore && !acceptedPaths.contains($0.path) }
        guard blocking.isEmpty else {
            let named = blocking.map { "\($0.path) (\($0.reason))" }.joined(separator: ", ")
            let first = blocking[0].path
            throw Failure(
                .checkFailed,
                "cannot check the new fingerprint against \(blocking.count == 1 ? "a keystore" : "keystores") in "
                    + "the repository that relops cannot open: \(named). Give its password with --storepass-env NAME "
                    + "(an environment variable holding it), or rotate without checking it: --unchecked-keystore "
                    + first)
        }
        return known.unread
    }

    /// `path` as `KnownKeystores` names a repository file: relative to `root`, without `./`.
    static func repositoryRelative(_ path: String, root: String?) -> String {
        var path = path
        if let root, path.hasPrefix(root + "/") { path.removeFirst(root.count + 1) }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    static func plan(_ request: RotationRequest, unchecked: [(path: String, reason: String)]) throws(Failure)
        -> FingerprintRotation
    {
        let target = request.target
        let document = try target.load()
        guard let node = document.node(at: target.keyPath) else {
            throw Failure(
                .badInput, "\(target.displayPath): no key \(target.key) (check --key or app.android.fingerprints)")
        }
        guard let elements = node.elements else {
            let (line, column) = document.location(of: node.range.lowerBound)
            throw Failure(
                .badInput, "\(target.displayPath):\(line):\(column): \(target.key) is not an array of fingerprints")
        }
        try refuseNonStrings(elements, in: document, target: target)
        let old = elements.compactMap(\.string)
        let oldFingerprints = old.map { try? FingerprintNormalizer.sha256($0) }
        var desired: [String]
        if request.keepOld || request.retire != nil {
            desired = []
            for (raw, fingerprint) in zip(old, oldFingerprints) where !FingerprintNormalizer.isPlaceholder(raw) {
                if let fingerprint, fingerprint == request.retire || request.newFingerprints.contains(fingerprint) {
                    continue
                }
                desired.append(raw)
            }
        } else {
            desired = []
        }
        if let retire = request.retire {
            guard oldFingerprints.contains(retire) else {
                throw Failure(
                    .badInput,
                    "\(target.displayPath): \(target.key) does not hold \(retire.canonical); nothing to retire "
                        + "(it holds \(old.isEmpty ? "nothing" : old.joined(separator: ", ")))")
            }
        }
        desired += request.newFingerprints.map(\.canonical)
        guard !desired.isEmpty else {
            throw Failure(
                .badInput,
                "\(target.displayPath): retiring \(request.retire?.canonical ?? "it") would leave \(target.key) "
                    + "empty and Android could verify no build; add the new fingerprint first (--to FP --keep-old)")
        }
        let after: [UInt8]
        do {
            after = try JSONCEditor.setStringArray(document, at: target.keyPath, to: desired)
        } catch {
            throw Failure(error.category, error.message)
        }
        // The editor keeps surviving elements in place, so the result's order is the truth.
        let result =
            (try? JSONCDocument(bytes: after, path: target.displayPath))?.node(at: target.keyPath)?.elements?
            .compactMap(\.string) ?? desired
        let kept = Set(desired.compactMap { try? FingerprintNormalizer.sha256($0) })
        var retired: [CertificateFingerprint] = []
        for fingerprint in oldFingerprints.compactMap({ $0 })
        where !kept.contains(fingerprint) && !retired.contains(fingerprint) {
            retired.append(fingerprint)
        }
        let root = request.repositoryRoot
        return FingerprintRotation(
            target: target, before: document.bytes, after: after, oldValues: old, newValues: result, retired: retired,
            // A served document has no configuration layers above it to override it.
            overrides: target.servedDocument ? [] : root.map { RotationReports.overrides(of: target, root: $0) } ?? [],
            staleDocuments: root.map { RotationReports.staleDocuments(root: $0, retired: retired) } ?? [],
            uncheckedKeystores: unchecked)
    }

    /// A number, object, `null` or nested array among the fingerprints would be dropped by the edit:
    /// refuse the array, naming the element.
    static func refuseNonStrings(_ elements: [JSONCNode], in document: JSONCDocument, target: ConfigTarget)
        throws(Failure)
    {
        guard let odd = elements.first(where: { $0.string == nil }) else { return }
        let (line, column) = document.location(of: odd.range.lowerBound)
        let text = String(decoding: document.bytes[odd.range].prefix(80), as: UTF8.self)
        throw Failure(
            .badInput,
            "\(target.displayPath):\(line):\(column): \(target.key) holds \(text), which is not a fingerprint "
                + "string; refusing to edit the array (fix or remove that element first)")
    }
}
