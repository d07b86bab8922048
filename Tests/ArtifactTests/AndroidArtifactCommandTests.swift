import Foundation
import TestSupport
import Testing

/// Issue 38, case 7: `relops verify --artifact` on real APKs (pyaxml's manifest, apksigner's
/// signature) and app bundles (protobuf manifest, jarsigner's signature), against what the
/// repository serves (`--local`: the static assetlinks.json is the served file).
@Suite struct AndroidArtifactCommandTests {
    let keys = AndroidReleaseKeys.shared

    /// A repository serving `public/.well-known/assetlinks.json` that grants com.example.app `fingerprints`.
    func site(granting fingerprints: [String]) -> GitFixture {
        let repo = GitFixture("artifact-site")
        let list = fingerprints.map { "\"\($0)\"" }.joined(separator: ", ")
        repo.write(
            "public/.well-known/assetlinks.json",
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
                + #""package_name": "com.example.app", "sha256_cert_fingerprints": ["# + list + "]}}]\n")
        repo.commit("Site")
        return repo
    }

    /// The output line of check `name` (`FAIL  artifact.hosts  ...`), padding removed.
    func line(_ output: ProcessOutput, _ verdict: String, _ name: String) -> String {
        let lines = output.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        let found = lines.first { $0.count > 2 && $0[0] == verdict && $0[1] == name }
        return found?.dropFirst(2).joined(separator: " ") ?? "(no \(verdict) \(name) line in:\n\(output.stdout))"
    }

    /// `relops verify --local --artifact`; the debug keystore is one of the test's (or none), never
    /// the machine's `~/.android/debug.keystore`.
    func verify(_ artifact: String, in repo: GitFixture, _ extra: [String] = [], debugKeystore: String? = nil)
        -> ProcessOutput
    {
        relops(
            ["verify", "--host", "new.example.com", "--local", "--platforms", "android", "--artifact", artifact]
                + ["--debug-keystore", debugKeystore ?? repo.root + "/no-debug.keystore"] + extra,
            in: repo.root)
    }

    @Test func theRightAPKPassesEveryArtifactCheck() throws {
        let folder = TemporaryFolder("artifact")
        let apk = try AndroidReleaseFixtures.apk(
            AndroidReleaseFixtures.manifest(hosts: ["new.example.com"]), key: "app", in: folder, named: "right")
        let repo = site(granting: [try keys.fingerprint("app")])
        let result = verify(apk, in: repo, ["--min-app-version", "2.4"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for name in ["artifact.read", "artifact.hosts", "artifact.package", "artifact.signature", "artifact.signer"] {
            #expect(result.stdout.contains("pass  \(name)"), "\(name)\n\(result.stdout)")
        }
        #expect(result.stdout.contains("versionName 2.4.1 is at least 2.4"), "\(result.stdout)")
        let json = relops(
            [
                "verify", "--host", "new.example.com", "--local", "--platforms", "android", "--artifact", apk,
                "--format", "json",
            ],
            in: repo.root)
        let artifact = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let listed = try #require((artifact["artifacts"] as? [[String: Any]])?.first)
        #expect(listed["kind"] as? String == "APK" && listed["package"] as? String == "com.example.app")
        #expect(listed["signers"] as? [String] == [try keys.fingerprint("app")])
    }

    @Test func anAPKThatClaimsOnlyTheOldHostFailsNamingIt() throws {
        let folder = TemporaryFolder("artifact")
        let apk = try AndroidReleaseFixtures.apk(
            AndroidReleaseFixtures.manifest(hosts: ["old.example.com"]), key: "app", in: folder, named: "old")
        let repo = site(granting: [try keys.fingerprint("app")])
        let result = verify(apk, in: repo)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let failure = line(result, "FAIL", "artifact.hosts")
        #expect(
            failure.hasPrefix(
                "\(apk): does not claim new.example.com: its autoVerify App Link filters claim only old.example.com"),
            "\(failure)")
    }

    @Test func aFilterWithoutAutoVerifyIsNamed() throws {
        let folder = TemporaryFolder("artifact")
        let apk = try AndroidReleaseFixtures.apk(
            AndroidReleaseFixtures.manifest(hosts: ["new.example.com"], autoVerify: false), key: "app", in: folder,
            named: "unverified")
        let repo = site(granting: [try keys.fingerprint("app")])
        let result = verify(apk, in: repo)
        #expect(result.status == 1)
        #expect(result.stdout.contains("opens new.example.com links without android:autoVerify=\"true\""))
    }

    @Test func anAPKSignedByAKeyTheServedFileDoesNotNameFails() throws {
        let folder = TemporaryFolder("artifact")
        let apk = try AndroidReleaseFixtures.apk(
            AndroidReleaseFixtures.manifest(hosts: ["new.example.com"]), key: "debug", in: folder, named: "debug")
        let repo = site(granting: [try keys.fingerprint("app")])
        let result = verify(apk, in: repo, ["--min-app-version", "3.0"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let failure = line(result, "FAIL", "artifact.signer")
        #expect(
            failure.hasPrefix(
                "\(apk): signed by a key new.example.com's assetlinks.json does not grant com.example.app: "
                    + "\(try keys.fingerprint("debug")) (APK Signature Scheme v3 on SDK 24-2147483647, APK Signature "
                    + "Scheme v2, v1 META-INF/KEY.RSA)"), "\(failure)")
        #expect(result.stdout.contains("versionName 2.4.1 is older than 3.0"), "\(result.stdout)")
    }

    /// The keys the repository knows name the signer: the debug keystore's key is a debug build;
    /// a served file that names only keys the repository holds lacks Play's app signing key.
    @Test func theDebugKeyAndTheRepositorysOwnKeysAreNamed() throws {
        let folder = TemporaryFolder("artifact")
        let debugStore = try keys.keystore("debug-store", password: "android")
        let upload = try keys.keystore("upload-store", password: "gradle-literal-pass")
        let debug = try AndroidReleaseFixtures.apk(
            AndroidReleaseFixtures.manifest(hosts: ["new.example.com"]), key: "debug-store", in: folder, named: "debug")
        let repo = site(granting: [try keys.fingerprint("debug-store"), try keys.fingerprint("upload-store")])
        let debugged = verify(debug, in: repo, debugKeystore: debugStore)
        #expect(debugged.status == 1, "\(debugged.stdout)\(debugged.stderr)")
        #expect(
            line(debugged, "FAIL", "artifact.signer").hasPrefix("\(debug): signed with the debug key (\(debugStore))"),
            "\(debugged.stdout)")

        // The upload keystore is in the repository; its password is a literal in the Gradle file.
        repo.write("android/keystores/upload.p12", bytes: Array(FileManager.default.contents(atPath: upload) ?? Data()))
        repo.write(
            "android/app/build.gradle",
            "android {\n  signingConfigs {\n    release {\n      storeFile file('../keystores/upload.p12')\n"
                + "      storePassword 'gradle-literal-pass'\n      keyAlias 'key'\n    }\n  }\n}\n")
        repo.commit("signing")
        let apk = try AndroidReleaseFixtures.apk(
            AndroidReleaseFixtures.manifest(hosts: ["new.example.com"]), key: "upload-store", in: folder, named: "up")
        let onlyOurs = site(granting: [try keys.fingerprint("upload-store")])
        onlyOurs.write(
            "android/keystores/upload.p12", bytes: Array(FileManager.default.contents(atPath: upload) ?? Data()))
        onlyOurs.write("android/app/build.gradle", repo.readText("android/app/build.gradle"))
        onlyOurs.commit("signing")
        let warned = verify(apk, in: onlyOurs)
        #expect(warned.status == 0, "\(warned.stdout)\(warned.stderr)")
        let warning = line(warned, "warn", "artifact.signer")
        #expect(warning.contains("(the repository's keystore android/keystores/upload.p12)"), "\(warning)")
        #expect(warning.contains("Every key it names is one the repository holds"), "\(warning)")
    }

    @Test func aBundleWhoseUploadKeyIsTheOnlyServedFingerprintFailsSayingPlayResigns() throws {
        let folder = TemporaryFolder("artifact")
        let aab = try AndroidReleaseFixtures.bundle(
            AndroidReleaseFixtures.manifest(hosts: ["new.example.com"]), key: "upload", in: folder, named: "app")
        let upload = try keys.fingerprint("upload")
        let wrong = site(granting: [upload])
        let failed = verify(aab, in: wrong)
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("pass  artifact.hosts"), "\(failed.stdout)")
        #expect(
            failed.stdout.contains(
                "signed by the upload key \(upload); Play re-signs the app it delivers with the app signing key, "
                    + "and new.example.com's assetlinks.json names only the upload key"), "\(failed.stdout)")
        // The expected fingerprint given as the upload key is the same mistake, said as such.
        let given = verify(aab, in: wrong, ["--package", "com.example.app", "--fingerprint", upload])
        #expect(given.status == 1)
        #expect(given.stdout.contains("but the expected fingerprint \(upload) is this upload key"), "\(given.stdout)")

        // Served with the app signing key (Play's, which the bundle does not carry), given as expected.
        let appSigning = try keys.fingerprint("play")
        let right = site(granting: [appSigning, upload])
        let passed = verify(aab, in: right, ["--package", "com.example.app", "--fingerprint", appSigning])
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("names the expected app signing key \(appSigning)"), "\(passed.stdout)")
        // Without the expected key, relops cannot tell which served key is Play's: a warning saying so.
        let unknown = verify(aab, in: right)
        #expect(unknown.stdout.contains("warn  artifact.signer"), "\(unknown.stdout)")
        #expect(unknown.stdout.contains("Give --fingerprint with the app signing key's SHA-256"))
    }

    @Test func aFileThatIsNoReleaseBinaryIsAUsageErrorNamingIt() throws {
        let folder = TemporaryFolder("artifact")
        let repo = site(granting: [try keys.fingerprint("app")])
        folder.write("notes.txt", "not a zip\n")
        let text = verify(folder.url("notes.txt"), in: repo)
        #expect(text.status == 2)
        #expect(
            text.stderr.contains("--artifact \(folder.url("notes.txt")): not an APK, AAB or IPA"), "\(text.stderr)")
        // A ZIP of something else, a truncated APK, a FIFO: each refused, nothing hangs.
        folder.write("tree/readme.md", "hello\n")
        _ = runProcess("zip", ["-q", "-r", folder.url("other.zip"), "readme.md"], in: folder.url("tree"))
        let other = verify(folder.url("other.zip"), in: repo)
        #expect(other.status == 2 && other.stderr.contains("a ZIP with no AndroidManifest.xml"), "\(other.stderr)")
        let apk = try AndroidReleaseFixtures.apk(
            AndroidReleaseFixtures.manifest(hosts: ["new.example.com"]), key: "app", in: folder, named: "whole")
        let bytes = folder.read("whole.apk")
        folder.write("cut.apk", bytes: Array(bytes.prefix(bytes.count / 2)))
        let cut = verify(folder.url("cut.apk"), in: repo)
        #expect(cut.status == 2, "\(cut.stdout)\(cut.stderr)")
        #expect(mkfifo(folder.url("fifo.apk"), 0o600) == 0)
        let fifo = verify(folder.url("fifo.apk"), in: repo)
        #expect(fifo.status == 2 && fifo.stderr.contains("FIFO"), "\(fifo.stderr)")
        let missing = verify(folder.url("missing.apk"), in: repo)
        #expect(missing.status == 2, "\(missing.stderr)")
        #expect(apk.hasSuffix("whole.apk"))
    }

    /// A zip bomb (an entry that declares 300 MB and deflates from a few hundred kilobytes) and a
    /// central directory said to lie past the end: refused with exit 2, before anything is inflated.
    @Test func aZipBombAndAHostileOffsetAreRefused() throws {
        let folder = TemporaryFolder("artifact")
        let repo = site(granting: [try keys.fingerprint("app")])
        let made = runPython(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                with z.open("AndroidManifest.xml", "w", force_zip64=False) as f:
                    for _ in range(300):
                        f.write(bytes(1 << 20))
            """, [folder.url("bomb.apk")])
        #expect(made.status == 0, "\(made.stderr)")
        let bomb = verify(folder.url("bomb.apk"), in: repo)
        #expect(bomb.status == 2, "\(bomb.stdout)\(bomb.stderr)")
        #expect(bomb.stderr.contains("zip bomb"), "\(bomb.stderr)")
        // The end record's central-directory offset points past the file.
        var bytes = folder.read("bomb.apk")
        let end = bytes.count - 22
        bytes[end + 16] = 0xFF
        bytes[end + 19] = 0x7F
        folder.write("offset.apk", bytes: bytes)
        let offset = verify(folder.url("offset.apk"), in: repo)
        #expect(offset.status == 2, "\(offset.stderr)")
        #expect(offset.stderr.contains("the central directory lies outside the file"), "\(offset.stderr)")
    }
}
