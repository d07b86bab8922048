import Foundation
import TestSupport
import Testing

/// Keys made once per test run with keytool, a minimal unsigned APK made with zip, and a
/// rotation lineage made with `apksigner rotate`: every APK test signs from these.
final class APKKeys: @unchecked Sendable {
    static let shared = APKKeys()
    static let password = "apk-test-pass"

    let folder = TemporaryFolder("apk-keys")
    var unsignedAPK: String { folder.url("unsigned.apk") }
    var lineage: String { folder.url("lineage") }

    private init() {
        // A static lives until the process ends: remove the keys and signed APKs then.
        atexit {
            guard ProcessInfo.processInfo.environment["RELOPS_KEEP_TEST_FOLDERS"] == nil else { return }
            try? FileManager.default.removeItem(atPath: APKKeys.shared.folder.path)
        }
        let algorithms: [(String, [String])] = [
            ("rsa", ["-keyalg", "RSA", "-keysize", "2048"]), ("ec", ["-keyalg", "EC", "-groupname", "secp256r1"]),
            ("dsa", ["-keyalg", "DSA", "-keysize", "2048"]), ("rotated", ["-keyalg", "RSA", "-keysize", "2048"]),
        ]
        for (name, algorithm) in algorithms {
            let made = runProcess(
                "keytool",
                [
                    "-genkeypair", "-storetype", "PKCS12", "-keystore", folder.url("\(name).p12"), "-storepass",
                    APKKeys.password, "-alias", "key", "-dname", "CN=APK \(name), O=Example", "-validity", "365",
                ] + algorithm)
            #expect(made.status == 0, "keytool: \(made.stderr)")
            let exported = runProcess(
                "keytool",
                [
                    "-exportcert", "-keystore", folder.url("\(name).p12"), "-storepass", APKKeys.password, "-alias",
                    "key", "-file", folder.url("\(name).der"),
                ])
            #expect(exported.status == 0, "keytool: \(exported.stderr)")
        }
        folder.write("app/AndroidManifest.xml", bytes: BinaryManifest(minSdk: 21).encoded())
        folder.write("app/classes.dex", "dex\n035\0 classes")
        // Incompressible and past 1 MiB: the v2/v3 content digest spans several chunks.
        var state: UInt32 = 2_463_534_242
        let noise = (0..<(1_300_000)).map { _ -> UInt8 in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        folder.write("app/res/raw/noise.bin", bytes: noise)
        let zipped = runProcess(
            "zip", ["-q", "-0", "-X", "-r", unsignedAPK, "AndroidManifest.xml", "classes.dex", "res"],
            in: folder.url("app"))
        #expect(zipped.status == 0, "zip: \(zipped.stderr)")
        let rotated = runProcess(
            "apksigner",
            ["rotate", "--out", lineage, "--old-signer"] + signer("rsa") + ["--new-signer"] + signer("rotated"))
        #expect(rotated.status == 0, "apksigner rotate: \(rotated.stderr)")
    }

    /// apksigner's options for the key named `name`.
    func signer(_ name: String) -> [String] {
        ["--ks", folder.url("\(name).p12"), "--ks-pass", "pass:\(APKKeys.password)"]
    }

    /// The DER certificate of the key named `name`.
    func certificate(_ name: String) -> [UInt8] { folder.read("\(name).der") }

    /// Signs the unsigned APK (or `unsigned`) with apksigner into `into`; `options` pick the
    /// schemes. `minSdk` nil: apksigner takes the manifest's.
    func sign(_ key: String, minSdk: Int?, _ options: [String], into: TemporaryFolder, unsigned: String? = nil)
        -> String
    {
        let out = into.url("signed-\(UUID().uuidString).apk")
        let level = minSdk.map { ["--min-sdk-version", "\($0)"] } ?? []
        let signed = runProcess(
            "apksigner", ["sign"] + signer(key) + level + ["--out", out] + options + [unsigned ?? unsignedAPK])
        #expect(signed.status == 0, "apksigner sign: \(signed.stderr)")
        return out
    }

    /// An unsigned APK like the shared one, with `manifest` as its AndroidManifest.xml (nil: none).
    func unsignedAPK(_ manifest: BinaryManifest?, into: TemporaryFolder) -> String {
        let app = into.url("app-\(UUID().uuidString)")
        let out = app + ".apk"
        try? FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        var names = ["classes.dex"]
        _ = FileManager.default.createFile(atPath: app + "/classes.dex", contents: Data("dex\n035\0 classes".utf8))
        if let manifest {
            _ = FileManager.default.createFile(atPath: app + "/AndroidManifest.xml", contents: Data(manifest.encoded()))
            names.append("AndroidManifest.xml")
        }
        let zipped = runProcess("zip", ["-q", "-X", out] + names, in: app)
        #expect(zipped.status == 0, "zip: \(zipped.stderr)")
        return out
    }
}

/// What `apksigner verify --print-certs -v` says: the oracle every APK test compares with.
struct APKSignerVerdict {
    let verifies: Bool
    /// Every signer's and every lineage certificate's SHA-256, lowercase hex.
    let sha256: Set<String>
    let output: String

    /// apksigner threw (its JRE lacks an algorithm, RSA-PSS for one): no verdict, not counted.
    let threw: Bool

    /// `lineage`: also ask `apksigner lineage --print-certs` (verify does not print the lineage).
    /// `minSdk` nil: apksigner reads the manifest's.
    init(_ apk: String, minSdk: Int?, lineage: Bool = false) {
        let level = minSdk.map { ["--min-sdk-version", "\($0)"] } ?? []
        let result = runProcess("apksigner", ["verify", "--print-certs", "-v"] + level + [apk])
        output = result.stdout + result.stderr
        verifies = result.status == 0 && result.stdout.hasPrefix("Verifies")
        threw = result.stderr.contains("NoSuchAlgorithmException") || result.stderr.contains("Exception in thread")
        var printed = result.stdout
        if lineage {
            let listed = runProcess("apksigner", ["lineage", "--in", apk, "--print-certs"])
            #expect(listed.status == 0, "apksigner lineage: \(listed.stderr)")
            printed += listed.stdout
        }
        var found: Set<String> = []
        for line in printed.split(separator: "\n")
        where line.contains("certificate SHA-256 digest: ") && !line.hasPrefix("Source Stamp") {
            found.insert(String(line.split(separator: " ").last ?? "").lowercased())
        }
        sha256 = found
    }
}

/// What `relops fingerprint show --apk FILE --format json` says.
struct RelopsVerdict {
    let status: Int32
    let verified: Bool?
    let failedCheck: String?
    /// Every signer's and lineage certificate's SHA-256, lowercase hex without colons.
    let sha256: Set<String>
    let assetLinks: [String]
    let json: [String: Any]
    let stderr: String

    let basis: String?

    /// `minSdk`: `--min-sdk-version`, as apksigner was given.
    init(_ apk: String, minSdk: Int? = nil, extra: [String] = []) {
        let level = minSdk.map { ["--min-sdk-version", "\($0)"] } ?? []
        let result = relops(["fingerprint", "show", "--apk", apk, "--format", "json"] + level + extra)
        status = result.status
        stderr = result.stderr
        json = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
        verified = json["verified"] as? Bool
        failedCheck = json["failed_check"] as? String
        basis = json["basis"] as? String
        let plain = { (text: String) in text.replacingOccurrences(of: ":", with: "").lowercased() }
        let signers = (json["signers"] as? [[String: Any]] ?? []) + (json["lineage"] as? [[String: Any]] ?? [])
        sha256 = Set(signers.compactMap { $0["sha256"] as? String }.map(plain))
        assetLinks = (json["assetlinks"] as? [String] ?? []).map(plain)
    }
}

/// Rewrites the certificate bag of a DER PKCS#7 SignedData (ContentInfo) with `transform`,
/// re-encoding the enclosing structures with definite lengths.
func rewriteCertificateBag(_ block: [UInt8], _ transform: ([[UInt8]]) -> [[UInt8]]) -> [UInt8] {
    let contentInfo = derChildren(derContents(block[...]))
    let signedData = derChildren(derContents(contentInfo[1][...]))[0]
    var fields = derChildren(derContents(signedData[...]))
    guard let bag = fields.firstIndex(where: { $0.first == 0xA0 }) else { return block }
    fields[bag] = derEncode(0xA0, transform(derChildren(derContents(fields[bag][...]))).flatMap { $0 })
    let newSignedData = derEncode(0x30, fields.flatMap { $0 })
    return derEncode(0x30, contentInfo[0] + derEncode(0xA0, newSignedData))
}

/// The same certificate with an indefinite-length outer SEQUENCE: BER, not DER.
func berEncoded(_ certificate: [UInt8]) -> [UInt8] {
    [0x30, 0x80] + derContents(certificate[...]) + [0, 0]
}

func derContents(_ element: ArraySlice<UInt8>) -> [UInt8] {
    let start = element.startIndex
    let first = Int(element[start + 1])
    guard first & 0x80 != 0 else { return Array(element[(start + 2)..<(start + 2 + first)]) }
    let count = first & 0x7F
    let length = element[(start + 2)..<(start + 2 + count)].reduce(0) { $0 << 8 | Int($1) }
    return Array(element[(start + 2 + count)..<(start + 2 + count + length)])
}

func derChildren(_ contents: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = []
    var offset = 0
    while offset < contents.count {
        let inner = derContents(contents[offset...])
        let headerLength = contents[offset + 1] & 0x80 == 0 ? 2 : 2 + Int(contents[offset + 1] & 0x7F)
        out.append(Array(contents[offset..<(offset + headerLength + inner.count)]))
        offset += headerLength + inner.count
    }
    return out
}

func derEncode(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
    let count = contents.count
    if count < 0x80 { return [tag, UInt8(count)] + contents }
    let bytes = withUnsafeBytes(of: UInt32(count).bigEndian) { Array($0) }.drop { $0 == 0 }
    return [tag, 0x80 | UInt8(bytes.count)] + bytes + contents
}

/// Replaces (or adds) entry `name` of the zip at `apk` with `bytes`, through the zip CLI.
func replaceEntry(_ apk: String, _ name: String, _ bytes: [UInt8]) {
    let folder = TemporaryFolder("entry")
    folder.write(name, bytes: bytes)
    let result = runProcess("zip", ["-q", "-0", "-X", apk, name], in: folder.path)
    #expect(result.status == 0, "zip: \(result.stderr)")
}

/// The stored bytes of entry `name` of the zip at `apk`, through unzip.
func entryBytes(_ apk: String, _ name: String) -> [UInt8] {
    let folder = TemporaryFolder("unzip")
    let result = runProcess("unzip", ["-q", "-o", apk, name, "-d", folder.path])
    #expect(result.status == 0, "unzip: \(result.stderr)")
    return folder.read(name)
}
