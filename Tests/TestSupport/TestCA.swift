import Foundation

/// A certificate authority made at test time with the `openssl` CLI, and the server certificates
/// it issues. Everything lives in one temporary folder. Keys are P-256, so making them is fast.
public final class TestCA: @unchecked Sendable {
    /// The folder holding the keys and certificates.
    public let path: String
    /// Owns `path` when the CA made its own temporary folder.
    private let owner: TemporaryFolder?
    public let name: String
    /// The CA certificate (PEM), for `--cacert`.
    public var certificatePath: String { path + "/ca.pem" }
    var keyPath: String { path + "/ca.key" }
    /// Set when an openssl call failed: its stderr.
    public private(set) var failure: String?

    /// Makes a CA in `parent/ca-<name>`, or in a temporary folder of its own.
    public init(name: String, in parent: String? = nil) {
        self.name = name
        if let parent {
            owner = nil
            path = parent + "/ca-\(name)"
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } else {
            owner = TemporaryFolder("relops-ca-\(name)")
            path = owner?.path ?? ""
        }
        openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", keyPath, "-out", certificatePath, "-days", "2", "-subj", "/CN=relops test CA \(name)",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
    }

    /// Issues a server certificate for `names` (DNS subject alternative names); returns the
    /// certificate and key paths.
    public func issue(_ label: String, names: [String]) -> (certificate: String, key: String) {
        let cert = path + "/\(label).pem", key = path + "/\(label).key", csr = path + "/\(label).csr"
        let ext = path + "/\(label).ext"
        _ = FileManager.default.createFile(
            atPath: ext,
            contents: Data(
                """
                subjectAltName=\(names.map { "DNS:\($0)" }.joined(separator: ","))
                basicConstraints=CA:FALSE
                keyUsage=critical,digitalSignature
                extendedKeyUsage=serverAuth

                """.utf8))
        openssl([
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key, "-out", csr, "-subj", "/CN=\(names.first ?? label)",
        ])
        openssl([
            "x509", "-req", "-in", csr, "-CA", certificatePath, "-CAkey", keyPath, "-CAcreateserial",
            "-out", cert, "-days", "2", "-extfile", ext,
        ])
        return (cert, key)
    }

    private func openssl(_ arguments: [String]) {
        let result = runProcess("openssl", arguments, in: path)
        if result.status != 0 { failure = (failure ?? "") + "openssl \(arguments.first ?? ""): \(result.stderr)\n" }
    }
}
