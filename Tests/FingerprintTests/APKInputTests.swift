import Foundation
import TestSupport
import Testing

/// Bad APKs (zip64, zip bombs), keystores with a password, and rotations taken from an APK.
@Suite struct APKInputTests {
    let home = TemporaryFolder("home")
    var environment: [String: String] { ["HOME": home.path] }

    @Test func aZip64APKIsRefusedAsZip64NotAsTruncated() throws {
        let folder = TemporaryFolder("zip64")
        folder.write("app/classes.dex", "dex")
        let zipped = runProcess("zip", ["-q", "-fz", folder.url("app.apk"), "classes.dex"], in: folder.url("app"))
        #expect(zipped.status == 0, "zip: \(zipped.stderr)")
        let result = relops(["fingerprint", "show", "--apk", folder.url("app.apk")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("zip64 not supported"), "\(result.stderr)")
        #expect(!result.stderr.contains("truncated"))
    }

    /// A deflated v1 signature block whose central directory declares `size` uncompressed bytes.
    func apkDeclaring(_ size: UInt32, in folder: TemporaryFolder) throws -> String {
        let cert = TestCertificate("bomb", in: folder)
        let block = cert.signatureBlock(over: String(repeating: "Signature-Version: 1.0\r\n", count: 400))
        var zip = makeZip([
            ("classes.dex", Array("dex".utf8)), ("META-INF/CERT.SF", Array("Signature-Version: 1.0\r\n\r\n".utf8)),
            ("META-INF/CERT.RSA", block + [UInt8](repeating: 0, count: 4000)),
        ])
        let name = Array("META-INF/CERT.RSA".utf8)
        let header: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let pattern = header + Array(repeating: UInt8(0), count: 42)
        func isRecord(_ i: Int) -> Bool {
            let end = min(zip.count, i + pattern.count + name.count)
            return zip[i..<(i + 4)].elementsEqual(header) && zip[(i + pattern.count)..<end].elementsEqual(name)
        }
        let found = (0..<(zip.count - pattern.count)).first(where: isRecord)
        let record = try #require(found)
        #expect(zip[record + 10] == 8, "the block is deflated")
        zip.replaceSubrange((record + 24)..<(record + 28), with: withUnsafeBytes(of: size.littleEndian) { Array($0) })
        // The local header says the same (a consistent bomb, not a header mismatch).
        let local = Int(zip[record + 42]) | Int(zip[record + 43]) << 8 | Int(zip[record + 44]) << 16
        zip.replaceSubrange((local + 22)..<(local + 26), with: withUnsafeBytes(of: size.littleEndian) { Array($0) })
        folder.write("bomb.apk", bytes: zip)
        return folder.url("bomb.apk")
    }

    @Test func aZipBombIsRefusedNamingTheEntry() throws {
        let folder = TemporaryFolder("bomb")
        let lying = relops(["fingerprint", "show", "--apk", try apkDeclaring(100, in: folder)])
        #expect(lying.status == 2)
        #expect(
            lying.stderr.contains("META-INF/CERT.RSA: refusing a zip bomb: it inflates beyond its declared 100 bytes"),
            "\(lying.stderr)")
        let huge = relops(["fingerprint", "show", "--apk", try apkDeclaring(0x7FFF_FFFF, in: folder)])
        #expect(huge.status == 2)
        #expect(
            huge.stderr.contains("META-INF/CERT.RSA: refusing a zip bomb: it declares 2147483647 bytes"),
            "\(huge.stderr)")
    }

    /// 40 deflated entries of 255 MiB of zeros each (one deflate stream written 40 times): every
    /// entry is under the entry cap, together they are 10 GiB. Refused at once, not inflated.
    @Test(.timeLimit(.minutes(2))) func aZipBombSpreadOverEntriesIsRefusedByItsTotal() throws {
        let folder = TemporaryFolder("spread-bomb")
        let script = """
            import struct, sys, zlib
            size = 255 << 20
            chunk = bytes(1 << 20)
            deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
            data, crc = b"", 0
            for _ in range(255):
                data += deflate.compress(chunk)
                crc = zlib.crc32(chunk, crc)
            data += deflate.flush()
            out, central = bytearray(), bytearray()
            for i in range(40):
                name = b"assets/blob%02d.bin" % i
                offset = len(out)
                out += struct.pack("<IHHHHHIIIHH", 0x04034b50, 20, 0, 8, 0, 0, crc, len(data), size, len(name), 0)
                out += name + data
                central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014b50, 20, 20, 0, 8, 0, 0, crc, len(data), size,
                    len(name), 0, 0, 0, 0, 0, offset) + name
            start = len(out)
            out += central + struct.pack("<IHHHHIIH", 0x06054b50, 0, 0, 40, 40, len(central), start, 0)
            open(sys.argv[1], "wb").write(out)
            """
        let apk = folder.url("spread.apk")
        let made = runProcess("python3", ["-c", script, apk])
        #expect(made.status == 0, "python3: \(made.stderr)")
        let result = relops(["fingerprint", "show", "--apk", apk])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "\(apk): refusing a zip bomb: its 40 compressed entries declare 10695475200 bytes (10200 MiB) in total, "
                    + "more than the 1024 MiB relops inflates from one APK"), "\(result.stderr)")
        #expect(!result.stdout.contains("Verified"))
    }

    @Test func keystoresOpenWithTheirPasswordFromTheEnvironment() throws {
        let folder = TemporaryFolder("stores")
        let jks = makeJavaKeyStore(at: folder.url("upload.jks"), alias: "upload", password: "s3cret")
        let good = relops(
            ["fingerprint", "show", "--jks", folder.url("upload.jks"), "--storepass-env", "STOREPASS"],
            environment: ["STOREPASS": "s3cret"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("SHA256: \(jks)"))
        let wrong = relops(
            ["fingerprint", "show", "--jks", folder.url("upload.jks"), "--storepass-env", "STOREPASS"],
            environment: ["STOREPASS": "nope"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("the store password does not open it"))
        let p12 = makeJavaKeyStore(
            at: folder.url("upload.keystore"), alias: "upload", storetype: "PKCS12", password: "s3cret")
        let locked = relops(["fingerprint", "show", "--jks", folder.url("upload.keystore")])
        #expect(locked.status == 2)
        #expect(locked.stderr.contains("needs its password: give --storepass-env VAR"), "\(locked.stderr)")
        let opened = relops(
            [
                "fingerprint", "show", "--jks", folder.url("upload.keystore"), "--storepass-env", "STOREPASS",
                "--keypass-env", "KEYPASS",
            ],
            environment: ["STOREPASS": "s3cret", "KEYPASS": "s3cret"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains("SHA256: \(p12)"))
        let misplaced = relops(["fingerprint", "show", "--cert", folder.url("x"), "--storepass-env", "STOREPASS"])
        #expect(misplaced.status == 2)
        #expect(misplaced.stderr.contains("--storepass-env goes with --p12 or --jks"))
    }

    @Test func rotateChecksAPasswordProtectedUploadKeystore() throws {
        let repo = sampleRepository()
        let upload = makeJavaKeyStore(
            at: repo.folder.url("android/upload.keystore"), alias: "upload", storetype: "PKCS12", password: "s3cret")
        // Not opened: the rotation stops (issue 30), unless the keystore is accepted unchecked.
        let stopped = relops(["fingerprint", "rotate", "--to", upload], in: repo.root, environment: environment)
        #expect(stopped.status == 1, "\(stopped.stderr)")
        let unchecked = relops(
            ["fingerprint", "rotate", "--to", upload, "--unchecked-keystore", "android/upload.keystore"],
            in: repo.root, environment: environment)
        #expect(unchecked.status == 0, "\(unchecked.stderr)")
        #expect(unchecked.stdout.contains("android/upload.keystore: note: keystore not checked"))
        let refused = relops(
            ["fingerprint", "rotate", "--to", upload, "--storepass-env", "STOREPASS"], in: repo.root,
            environment: environment.merging(["STOREPASS": "s3cret"]) { $1 })
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("is the upload key (android/upload.keystore)"), "\(refused.stderr)")
    }

    /// An upload key in PKCS#12 made by openssl under a password relops is not told, and a
    /// keystore of no known type: the rotation stops (exit 1), its first line naming both ways on.
    @Test func aKeystoreRelopsCannotOpenStopsTheRotation() throws {
        let repo = sampleRepository()
        let upload = TestCertificate("upload-key")
        _ = upload.pkcs12("hunter2", at: "upload.p12")
        repo.write("android/app/upload.p12", bytes: upload.folder.read("upload.p12"))
        repo.commit("upload key")
        let stopped = relops(["fingerprint", "rotate", "--to", upload.sha256], in: repo.root, environment: environment)
        #expect(stopped.status == 1, "\(stopped.stdout)")
        let first = stopped.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            first.contains("--storepass-env NAME") && first.contains("--unchecked-keystore android/app/upload.p12"),
            "\(stopped.stderr)")
        #expect(first.contains("android/app/upload.p12 (a PKCS#12 keystore whose password relops does not know"))
        #expect(repo.git("status", "--porcelain").isEmpty, "nothing written")
        // Its password opens it, and then it is the upload key: refused as such.
        let opened = relops(
            ["fingerprint", "rotate", "--to", upload.sha256, "--storepass-env", "STOREPASS"], in: repo.root,
            environment: environment.merging(["STOREPASS": "hunter2"]) { $1 })
        #expect(opened.status == 2 && opened.stderr.contains("is the upload key (android/app/upload.p12)"))
        // A keystore of no known type stops it too.
        repo.write("android/app/release.jks", "not a keystore at all\n")
        let unknown = relops(
            ["fingerprint", "rotate", "--to", TestCertificate("play").sha256, "--storepass-env", "STOREPASS"],
            in: repo.root, environment: environment.merging(["STOREPASS": "hunter2"]) { $1 })
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("android/app/release.jks (not a JKS or PKCS#12 keystore)"), "\(unknown.stderr)")
        let accepted = relops(
            [
                "fingerprint", "rotate", "--to", TestCertificate("play").sha256, "--unchecked-keystore",
                "android/app/release.jks", "--unchecked-keystore", "android/app/upload.p12",
            ],
            in: repo.root, environment: environment)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("android/app/upload.p12: note: keystore not checked"))
    }

    @Test func rotateFromAnAPKAddsEveryFingerprintItNeeds() throws {
        let keys = APKKeys.shared
        let folder = TemporaryFolder("rotate-apk")
        let apk = keys.sign(
            "rsa", minSdk: 24, ["--next-signer"] + keys.signer("rotated") + ["--lineage", keys.lineage], into: folder)
        let old = TestCertificate.fingerprintOfDER(keys.folder.url("rsa.der"))
        let new = TestCertificate.fingerprintOfDER(keys.folder.url("rotated.der"))
        let repo = sampleRepository()
        let result = relops(
            ["fingerprint", "rotate", "--from-apk", apk, "--format", "json"], in: repo.root, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"after\": [\n    \"\(old)\",\n    \"\(new)\"\n  ]"), "\(result.stdout)")
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: apk)))
        bytes[bytes.count / 3] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: apk))
        let tampered = relops(["fingerprint", "rotate", "--from-apk", apk], in: repo.root, environment: environment)
        #expect(tampered.status == 1)
        #expect(tampered.stderr.contains("NOT VERIFIED"), "\(tampered.stderr)")
    }

    /// An APK of another app (its manifest names another package than `.relops.yml`'s
    /// `app.android.package`) is refused: its signers are not this app's to serve.
    @Test func rotateFromAnAPKOfAnotherAppIsRefused() throws {
        let folder = TemporaryFolder("rotate-other-apk")
        let keys = AndroidReleaseKeys.shared
        let other = try AndroidReleaseFixtures.apk(
            AndroidReleaseFixtures.manifest(package: "com.example.other", hosts: ["app.example.com"]), key: "play",
            in: folder, named: "other")
        let repo = sampleRepository()
        let refused = relops(["fingerprint", "rotate", "--from-apk", other], in: repo.root, environment: environment)
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(
            refused.stderr.contains("the APK is com.example.other, the app is com.example.app"), "\(refused.stderr)")
        let same = try AndroidReleaseFixtures.apk(
            AndroidReleaseFixtures.manifest(package: "com.example.app", hosts: ["app.example.com"]), key: "play",
            in: folder, named: "same")
        let accepted = relops(
            ["fingerprint", "rotate", "--from-apk", same, "--format", "json"], in: repo.root, environment: environment)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains(try keys.fingerprint("play")), "\(accepted.stdout)")
    }

    @Test(arguments: ["1", "{\"a\": 2}", "null"])
    func keepOldRefusesAnArrayWithANonStringElement(_ element: String) throws {
        let cert = TestCertificate("new")
        let old = TestCertificate("old")
        let repo = sampleRepository(fingerprints: [old.sha256])
        let text = repo.readText(webSettings).replacingOccurrences(
            of: "\"\(old.sha256)\"", with: "\"\(old.sha256)\", \(element)")
        repo.write(webSettings, text)
        let result = relops(
            ["fingerprint", "rotate", "--to", cert.sha256, "--keep-old", "--apply"], in: repo.root,
            environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr.contains("holds \(element), which is not a fingerprint string"), "\(result.stderr)")
        #expect(result.stderr.contains("\(webSettings):"))
        #expect(repo.readText(webSettings) == text)
    }
}

extension TestCertificate {
    /// `AB:CD:...` as openssl prints it for a DER certificate file.
    static func fingerprintOfDER(_ path: String) -> String {
        let out = openssl(["x509", "-inform", "DER", "-in", path, "-noout", "-fingerprint", "-sha256"]).stdout
        return String(out.split(separator: "=").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
