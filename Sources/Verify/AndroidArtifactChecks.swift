import Artifact
import Fingerprint
import RelopsCore

/// The checks of one APK or AAB (`ArtifactChecks`).
struct AndroidArtifactChecks {
    let base: ArtifactChecks
    let artifact: AndroidArtifact

    var file: String { artifact.path }
    var manifest: AndroidAppManifest { artifact.manifest }

    func check(_ name: String, _ verdict: Check.Verdict, _ reason: String) -> Check {
        ArtifactChecks.check(name, verdict, file, reason)
    }

    func checks() -> [Check] {
        var out = [read(), hosts(), package()]
        out += signer()
        let schemes = manifest.intentFilters.flatMap(\.customSchemes)
        if let oauth = base.callback(.android, registered: schemes, file, where: "its intent filters") {
            out.append(oauth)
        }
        if let version = base.version(manifest.versionName, named: "versionName", file) { out.append(version) }
        return out
    }

    func read() -> Check {
        let kind = artifact.kind == .apk ? "APK" : "AAB"
        let version = [manifest.versionName, manifest.versionCode.map { "(\($0))" }].compactMap { $0 }
        return check(
            "artifact.read", .pass,
            "\(kind) of \(manifest.package)\(version.isEmpty ? "" : " " + version.joined(separator: " ")), "
                + "\(manifest.intentFilters.filter(\.isVerifiedAppLink).count) App Link filter(s)")
    }

    /// The binary claims the host in a verified App Link filter; a claim without `autoVerify`, or of
    /// other hosts only, is named.
    func hosts() -> Check {
        let verified = manifest.intentFilters.filter(\.isVerifiedAppLink)
        let claimed = unique(verified.flatMap(\.hosts))
        if claimed.contains(where: { ArtifactChecks.covers($0, base.host) }) {
            return check("artifact.hosts", .pass, "claims \(base.host) in an autoVerify App Link filter")
        }
        let unverified = manifest.intentFilters.filter { $0.opensLinks && !$0.autoVerify }
        if unverified.flatMap(\.hosts).contains(where: { ArtifactChecks.covers($0, base.host) }) {
            return check(
                "artifact.hosts", .fail,
                "opens \(base.host) links without android:autoVerify=\"true\": Android never verifies them, "
                    + "so they open the disambiguation dialog or the browser")
        }
        let unresolved = manifest.intentFilters.flatMap(\.unresolved).filter { $0.hasPrefix("android:host=") }
        if !unresolved.isEmpty {
            return check(
                "artifact.hosts", .skip,
                "not checked: a filter writes its host as a resource reference relops does not resolve ("
                    + unresolved.joined(separator: ", ") + ")")
        }
        let others = claimed.isEmpty ? "no host at all" : "only " + claimed.joined(separator: ", ")
        return check(
            "artifact.hosts", .fail,
            "does not claim \(base.host): its autoVerify App Link filters claim \(others). Rebuild it from the "
                + "commit that names \(base.host) (a flavour or CI-only manifestPlaceholders can keep the old host)")
    }

    /// The package is the one expected and the one the served file grants.
    func package() -> Check {
        if let expected = base.expectation.androidPackage, expected != manifest.package {
            return check(
                "artifact.package", .fail,
                "is package \(manifest.package), not \(expected) (a build variant's "
                    + "applicationIdSuffix or another flavour?)")
        }
        guard base.served.assetLinks != nil else {
            return check(
                "artifact.package", .skip,
                "not checked: \(base.host)'s assetlinks.json was not read, so what it grants is unknown")
        }
        let granted = base.served.fingerprints(granting: manifest.package)
        guard !granted.isEmpty else {
            return check(
                "artifact.package", .fail,
                "\(base.host)'s assetlinks.json grants nothing to \(manifest.package): App Links of this build "
                    + "are never verified")
        }
        return check(
            "artifact.package", .pass, "\(base.host)'s assetlinks.json grants \(manifest.package) handle_all_urls")
    }

    func signer() -> [Check] {
        guard let signature = artifact.signature else {
            let refuser = artifact.kind == .apk ? "no device installs it" : "Play Console refuses it"
            return [check("artifact.signer", .fail, "not signed: \(refuser)")]
        }
        if case .failed(let why) = signature.verification {
            return [check("artifact.signature", .fail, "its signature does not verify: \(why)")]
        }
        return artifact.kind == .apk ? apkSigner(signature) : bundleSigner(signature)
    }

    /// An APK's signers are what devices see: every one (each v3 signer on its SDK range, the v2/v1
    /// signer below a rotation) must be a fingerprint the served file grants the package.
    func apkSigner(_ signature: APKSignature) -> [Check] {
        let needed = signature.assetLinksFingerprints.map(\.canonical)
        var out = [check("artifact.signature", .pass, "signatures verify (\(signature.basis ?? "every scheme"))")]
        if let debug = needed.compactMap(base.localKey).first(where: { $0.role == .debug }) {
            out.append(
                check(
                    "artifact.signer", .fail,
                    "signed with the debug key (\(debug.origin)): a debug build, which Play refuses and no served "
                        + "file should name; build the release variant"))
            return out
        }
        guard base.served.assetLinks != nil else {
            out.append(
                check(
                    "artifact.signer", .skip,
                    "not checked: \(base.host)'s assetlinks.json was not read; the signer is "
                        + needed.map(base.named).joined(separator: ", ")))
            return out
        }
        let granted = base.served.fingerprints(granting: manifest.package)
        let missing = needed.filter { !granted.contains($0) }
        if missing.isEmpty {
            let every =
                "\(base.host)'s assetlinks.json names every signer devices see: "
                + needed.map(base.named).joined(separator: ", ")
            // Every served key is one the repository holds: Play's app signing key is missing.
            if granted.allSatisfy({ base.localKey($0)?.role == .upload }) {
                out.append(
                    check(
                        "artifact.signer", .warn,
                        every + ". Every key it names is one the repository holds: with Play App Signing (every new "
                            + "app since 2021) installs from Play carry Google's app signing key, which the file "
                            + "must name too (Play Console: Test and release > App integrity)"))
            } else {
                out.append(check("artifact.signer", .pass, every))
            }
            return out
        }
        let ranges = missing.map { fingerprint in
            let schemes = signature.signers.filter { $0.certificate.sha256.canonical == fingerprint }.map { signer in
                signer.scheme + (signer.sdkText.map { " on SDK \($0)" } ?? "")
            }
            return "\(base.named(fingerprint)) (\(schemes.joined(separator: ", ")))"
        }
        let rotation =
            signature.lineage.isEmpty
            ? "" : "; after a key rotation the old key is served until every device below the rotation's SDK is gone"
        out.append(
            check(
                "artifact.signer", .fail,
                "signed by a key \(base.host)'s assetlinks.json does not grant \(manifest.package): "
                    + ranges.joined(separator: "; ") + rotation))
        return out
    }

    /// An app bundle is signed with the upload key; Play re-signs what it delivers with the app
    /// signing key, which the bundle does not carry. A served file (or an expected fingerprint)
    /// naming only the upload key is Play App Signing's classic mistake.
    func bundleSigner(_ signature: APKSignature) -> [Check] {
        let upload = artifact.signerFingerprints
        let said =
            "signed by the upload key \(upload.map(base.named).joined(separator: ", ")); Play re-signs the app it delivers "
        if let expected = base.expectation.fingerprints.first(where: { upload.contains($0) }) {
            return [
                check(
                    "artifact.signer", .fail,
                    said + "with the app signing key, but the expected fingerprint \(expected) is this upload key: "
                        + "take the app signing key's SHA-256 from Play Console (Test and release > App integrity)")
            ]
        }
        guard base.served.assetLinks != nil else {
            return [
                check(
                    "artifact.signer", .skip,
                    said + "with the app signing key; not checked: \(base.host)'s assetlinks.json was not read")
            ]
        }
        let granted = base.served.fingerprints(granting: manifest.package)
        let others = granted.filter { !upload.contains($0) }
        if !granted.isEmpty && others.isEmpty {
            return [
                check(
                    "artifact.signer", .fail,
                    said + "with the app signing key, and \(base.host)'s assetlinks.json names only the upload key: "
                        + "installs from Play will not verify. Serve the app signing key's SHA-256 from Play Console "
                        + "(Test and release > App integrity)")
            ]
        }
        guard !others.isEmpty else {
            return [check("artifact.signer", .skip, said + "with the app signing key; the served file grants none")]
        }
        let alsoUpload = granted.count > others.count ? " (and the upload key, for builds installed by hand)" : ""
        if let key = others.first(where: { base.expectation.fingerprints.contains($0) }) {
            return [
                check(
                    "artifact.signer", .pass,
                    said + "with the app signing key; \(base.host)'s assetlinks.json names the expected app signing "
                        + "key \(key)\(alsoUpload)")
            ]
        }
        return [
            check(
                "artifact.signer", .warn,
                said + "with the app signing key, which the bundle does not carry; \(base.host)'s assetlinks.json "
                    + "names \(others.joined(separator: ", "))\(alsoUpload). Give --fingerprint with the app signing "
                    + "key's SHA-256 to check that it is the one served")
        ]
    }

    func unique(_ values: [String]) -> [String] {
        values.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}
