import Foundation
import TestSupport
import Testing

/// Issue 39, end to end: values no real signing key gives (a fingerprint of one repeated byte) and
/// APK entries no real signature has (a 255 MiB `CERT.RSA`) are refused naming them, before any
/// file changes or any large buffer is filled.
@Suite struct BadValueTests {
    @Test(arguments: ["00", "AB"]) func aFingerprintOfOneRepeatedByteIsRefused(_ byte: String) {
        let folder = TemporaryFolder("repeated-byte")
        folder.write("appsettings.json", RepositoryContainmentTests.settings)
        let fingerprint = Array(repeating: byte, count: 32).joined(separator: ":")
        let result = relops(
            ["fingerprint", "rotate", "--to", fingerprint, "--config", folder.url("appsettings.json"), "--apply"],
            in: folder.path, environment: ["HOME": folder.path])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\"\(fingerprint)\" is one byte (\(byte)) repeated 32 times, a placeholder, not a certificate's fingerprint"
            ), "\(result.stderr)")
        #expect(folder.readText("appsettings.json") == RepositoryContainmentTests.settings)
    }

    /// A v1 signature block of 255 MiB of zeros, deflated (under the 256 MiB entry cap, so the
    /// zip-bomb rules let it through): refused by its declared size, never inflated.
    @Test(.timeLimit(.minutes(2))) func aHugeSignatureBlockIsRefusedByItsDeclaredSize() throws {
        let folder = TemporaryFolder("huge-block")
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
            sf = b"Signature-Version: 1.0\\r\\n\\r\\n"
            entries = [(b"META-INF/CERT.SF", 0, zlib.crc32(sf), sf, len(sf)), (b"META-INF/CERT.RSA", 8, crc, data, size)]
            out, central = bytearray(), bytearray()
            for name, method, crc, body, length in entries:
                offset = len(out)
                out += struct.pack("<IHHHHHIIIHH", 0x04034b50, 20, 0, method, 0, 0, crc, len(body), length, len(name), 0)
                out += name + body
                central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014b50, 20, 20, 0, method, 0, 0, crc, len(body),
                    length, len(name), 0, 0, 0, 0, 0, offset) + name
            start = len(out)
            out += central + struct.pack("<IHHHHIIH", 0x06054b50, 0, 0, 2, 2, len(central), start, 0)
            open(sys.argv[1], "wb").write(out)
            """
        let apk = folder.url("huge-block.apk")
        let made = runProcess("python3", ["-c", script, apk])
        try #require(made.status == 0, "python3: \(made.stderr)")
        let result = relops(["fingerprint", "show", "--apk", apk])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "META-INF/CERT.RSA: declares 267386880 bytes, more than the 1048576-byte limit for a v1 signature "
                    + "block; not read"), "\(result.stderr)")
    }
}
