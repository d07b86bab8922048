import Foundation
import TestSupport
import Testing

/// A key pair and self-signed certificate made with the openssl CLI, and the fingerprint openssl
/// itself reports (so tests compare against an independent peer).
struct TestCertificate {
    let folder: TemporaryFolder
    let name: String
    var keyPath: String { folder.url("\(name).key.pem") }
    var pemPath: String { folder.url("\(name).pem") }
    var derPath: String { folder.url("\(name).der") }
    /// `AB:CD:...` as `openssl x509 -fingerprint -sha256` prints it.
    let sha256: String
    let sha1: String

    init(
        _ name: String, subject: String = "/CN=App Signing/O=Example",
        in folder: TemporaryFolder = TemporaryFolder("cert")
    ) {
        self.folder = folder
        self.name = name
        let key = folder.url("\(name).key.pem"), pem = folder.url("\(name).pem"), der = folder.url("\(name).der")
        openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
            "-out", pem, "-days", "365", "-subj", subject,
        ])
        openssl(["x509", "-in", pem, "-outform", "DER", "-out", der])
        sha256 = TestCertificate.fingerprint(pem, "-sha256")
        sha1 = TestCertificate.fingerprint(pem, "-sha1")
    }

    static func fingerprint(_ pem: String, _ digest: String) -> String {
        let out = openssl(["x509", "-in", pem, "-noout", "-fingerprint", digest]).stdout
        return String(out.split(separator: "=").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A PKCS#12 file holding the key and certificate, with `password`.
    func pkcs12(_ password: String, at relative: String? = nil) -> String {
        let path = folder.url(relative ?? "\(name).p12")
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        openssl([
            "pkcs12", "-export", "-in", pemPath, "-inkey", keyPath, "-out", path, "-passout", "pass:\(password)",
            "-name", name,
        ])
        return path
    }

    /// A v1 JAR signature block (`META-INF/CERT.RSA`): CMS SignedData over `content`.
    func signatureBlock(over content: String) -> [UInt8] {
        folder.write("\(name).sf", content)
        let out = folder.url("\(name).rsa")
        openssl([
            "cms", "-sign", "-binary", "-in", folder.url("\(name).sf"), "-signer", pemPath, "-inkey", keyPath,
            "-outform", "DER", "-out", out, "-nodetach",
        ])
        return folder.read("\(name).rsa")
    }
}

@discardableResult
func openssl(_ arguments: [String]) -> ProcessOutput {
    let result = runProcess("openssl", arguments)
    #expect(result.status == 0, "openssl \(arguments.joined(separator: " ")): \(result.stderr)")
    return result
}

/// A JKS keystore made by keytool, and the SHA-256 keytool reports for `alias`.
func makeJavaKeyStore(
    at path: String, alias: String, storetype: String = "JKS", password: String = "storepass",
    dname: String = "CN=Upload Key, O=Example"
) -> String {
    try? FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let made = runProcess(
        "keytool",
        [
            "-genkeypair", "-storetype", storetype, "-keystore", path, "-storepass", password,
            "-keypass", password, "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1",
            "-dname", dname, "-validity", "365",
        ])
    #expect(made.status == 0, "keytool: \(made.stderr)")
    let listed = runProcess(
        "keytool",
        [
            "-list", "-v", "-storetype", storetype, "-keystore", path, "-storepass", password,
            "-alias", alias,
        ])
    let line = listed.stdout.split(separator: "\n").first { $0.contains("SHA256:") } ?? ""
    return String(line.split(separator: " ").last ?? "")
}

/// ZIP bytes made by the zip CLI from `files` (name -> bytes); `store` keeps them uncompressed.
func makeZip(_ files: [(String, [UInt8])], store: Bool = false) -> [UInt8] {
    let folder = TemporaryFolder("zip")
    for (name, bytes) in files { folder.write("content/" + name, bytes: bytes) }
    let result = runProcess(
        "zip", (store ? ["-0"] : []) + ["-q", "-X", "-r", folder.url("out.zip")] + files.map(\.0),
        in: folder.url("content"))
    #expect(result.status == 0, "zip: \(result.stderr)")
    return folder.read("out.zip")
}

/// `zip` with an APK Signing Block holding one signer per certificate under scheme `id`, inserted
/// before the central directory (offsets in the end record adjusted), as apksigner lays it out.
func withSigningBlock(_ zip: [UInt8], id: UInt32, certificates: [[UInt8]]) -> [UInt8] {
    func le(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
    func prefixed(_ bytes: [UInt8]) -> [UInt8] { le(UInt64(bytes.count), 4) + bytes }
    var signers: [UInt8] = []
    for certificate in certificates {
        var signedData = prefixed([])  // digests
        signedData += prefixed(prefixed(certificate))
        if id != 0x7109_871a { signedData += le(28, 4) + le(0x7FFF_FFFF, 4) }  // v3 min/max SDK
        signedData += prefixed([])  // additional attributes
        let sdkRange = id != 0x7109_871a ? le(28, 4) + le(0x7FFF_FFFF, 4) : []
        signers += prefixed(prefixed(signedData) + sdkRange + prefixed([]) + prefixed([]))
    }
    let value = prefixed(signers)
    let pair = le(UInt64(value.count + 4), 8) + le(UInt64(id), 4) + value
    let size = UInt64(pair.count + 8 + 16)
    let block = le(size, 8) + pair + le(size, 8) + Array("APK Sig Block 42".utf8)
    let eocd = (0...(zip.count - 22)).last {
        zip[$0] == 0x50 && zip[$0 + 1] == 0x4B && zip[$0 + 2] == 5 && zip[$0 + 3] == 6
    }!
    let cdOffset =
        Int(zip[eocd + 16]) | Int(zip[eocd + 17]) << 8 | Int(zip[eocd + 18]) << 16 | Int(zip[eocd + 19]) << 24
    var out = Array(zip[..<cdOffset]) + block + Array(zip[cdOffset...])
    let newEOCD = eocd + block.count
    out.replaceSubrange((newEOCD + 16)..<(newEOCD + 20), with: le(UInt64(cdOffset + block.count), 4))
    return out
}
