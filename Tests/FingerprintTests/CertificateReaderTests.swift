import Fingerprint
import Foundation
import RelopsCore
import TestSupport
import Testing

@Suite struct CertificateReaderTests {
    @Test func readsDERAndPEMCertificatesLikeOpenSSL() throws {
        let cert = TestCertificate("deployment_cert", subject: "/O=Example/CN=App Signing Key")
        for path in [cert.derPath, cert.pemPath] {
            let read = try CertificateReader.certificateFile(path)
            #expect(read.count == 1)
            #expect(read[0].sha256.canonical == cert.sha256)
            #expect(read[0].sha1 == cert.sha1)
            #expect(read[0].subject == "CN=App Signing Key,O=Example")
            #expect(read[0].notAfter > read[0].notBefore)
        }
    }

    @Test func readsPKCS12WithItsPasswordAndRefusesAWrongOne() throws {
        let cert = TestCertificate("upload")
        let p12 = cert.pkcs12("s3cret")
        #expect(try CertificateReader.pkcs12(p12, password: "s3cret").first?.sha256.canonical == cert.sha256)
        let error = #expect(throws: CertificateReadError.self) { try CertificateReader.pkcs12(p12, password: "wrong") }
        #expect(error?.description.contains("the password does not open it") == true)
        #expect(error?.category == .badInput)
    }

    @Test func readsJavaKeyStoreWithoutThePassword() throws {
        let folder = TemporaryFolder("jks")
        let expected = makeJavaKeyStore(at: folder.url("upload.jks"), alias: "upload")
        let read = try CertificateReader.javaKeyStore(folder.url("upload.jks"))
        #expect(read.map(\.sha256.canonical) == [expected])
        #expect(read[0].origin.hasSuffix("alias upload"))
        #expect(read[0].subject.contains("CN=Upload Key"))
    }

    @Test func readsJCEKSToo() throws {
        let folder = TemporaryFolder("jceks")
        let expected = makeJavaKeyStore(at: folder.url("upload.jceks"), alias: "release", storetype: "JCEKS")
        #expect(try CertificateReader.javaKeyStore(folder.url("upload.jceks")).map(\.sha256.canonical) == [expected])
    }

    @Test func refusesATruncatedOrForeignKeyStore() throws {
        let folder = TemporaryFolder("jks")
        _ = makeJavaKeyStore(at: folder.url("upload.jks"), alias: "upload")
        folder.write("cut.jks", bytes: Array(folder.read("upload.jks").prefix(60)))
        let cut = #expect(throws: CertificateReadError.self) {
            try CertificateReader.javaKeyStore(folder.url("cut.jks"))
        }
        #expect(cut?.description.contains("truncated keystore") == true)
        folder.write("text.jks", "not a keystore")
        let foreign = #expect(throws: CertificateReadError.self) {
            try CertificateReader.javaKeyStore(folder.url("text.jks"))
        }
        #expect(foreign?.description.contains("not a JKS or JCEKS keystore") == true)
    }

    @Test func readsTheV1SignerOfAnAPKCompressedOrStored() throws {
        let cert = TestCertificate("v1signer")
        let block = cert.signatureBlock(over: "Signature-Version: 1.0\r\n\r\n")
        for store in [false, true] {
            let folder = TemporaryFolder("apk")
            folder.write(
                "app.apk",
                bytes: makeZip(
                    [
                        ("classes.dex", Array("dex\n".utf8)), ("META-INF/CERT.SF", Array("x".utf8)),
                        ("META-INF/CERT.RSA", block),
                    ], store: store))
            let read = try CertificateReader.apk(folder.url("app.apk"))
            #expect(read.map(\.sha256.canonical) == [cert.sha256])
            #expect(read[0].origin.contains("v1 META-INF/CERT.RSA"))
        }
    }

    @Test func listsTheAPKSigningBlockSignersBeforeV1() throws {
        let v1 = TestCertificate("old")
        let v2 = TestCertificate("v2signer")
        let v3 = TestCertificate("v3signer")
        // A v1 signer is a block with its .SF (Android ignores a block alone).
        let zip = makeZip([
            ("classes.dex", Array("dex".utf8)), ("META-INF/CERT.SF", Array("x".utf8)),
            ("META-INF/CERT.RSA", v1.signatureBlock(over: "x")),
        ])
        let alone = makeZip([("classes.dex", Array("dex".utf8)), ("META-INF/CERT.RSA", v1.signatureBlock(over: "x"))])
        let blockAlone = TemporaryFolder("apk")
        blockAlone.write(
            "v2.apk", bytes: withSigningBlock(alone, id: 0x7109_871a, certificates: [blockAlone.readDER(v2)]))
        #expect(try CertificateReader.apk(blockAlone.url("v2.apk")).map(\.sha256.canonical) == [v2.sha256])
        let folder = TemporaryFolder("apk")
        folder.write("v2.apk", bytes: withSigningBlock(zip, id: 0x7109_871a, certificates: [folder.readDER(v2)]))
        let v2Read = try CertificateReader.apk(folder.url("v2.apk"))
        #expect(v2Read.map(\.sha256.canonical) == [v2.sha256, v1.sha256])
        #expect(v2Read[0].origin.contains("APK Signature Scheme v2"))
        folder.write("v3.apk", bytes: withSigningBlock(zip, id: 0xf053_68c0, certificates: [folder.readDER(v3)]))
        #expect(try CertificateReader.apk(folder.url("v3.apk")).map(\.sha256.canonical) == [v3.sha256, v1.sha256])
    }

    @Test func refusesFilesThatAreNotWhatTheFlagSays() throws {
        let folder = TemporaryFolder("bad")
        folder.write("garbage.der", bytes: [0x30, 0x82, 0x01])
        let cert = #expect(throws: CertificateReadError.self) {
            try CertificateReader.certificateFile(folder.url("garbage.der"))
        }
        #expect(cert?.description.hasPrefix(folder.url("garbage.der") + ": not a DER or PEM X.509 certificate") == true)
        folder.write("notzip.apk", "hello")
        let apk = #expect(throws: CertificateReadError.self) { try CertificateReader.apk(folder.url("notzip.apk")) }
        #expect(apk?.description.contains("no ZIP end-of-central-directory record") == true)
        folder.write("unsigned.apk", bytes: makeZip([("classes.dex", Array("dex".utf8))]))
        let unsigned = #expect(throws: CertificateReadError.self) {
            try CertificateReader.apk(folder.url("unsigned.apk"))
        }
        #expect(unsigned?.description.contains("not signed") == true)
        let missing = #expect(throws: CertificateReadError.self) {
            try CertificateReader.certificateFile(folder.url("none.der"))
        }
        #expect(missing?.description.contains("no such file") == true)
        folder.write("not.p12", "text")
        let p12 = #expect(throws: CertificateReadError.self) {
            try CertificateReader.pkcs12(folder.url("not.p12"), password: "")
        }
        #expect(p12?.description.contains("cannot open as PKCS#12") == true)
    }

    @Test func refusesACorruptSigningBlock() throws {
        let cert = TestCertificate("v2")
        let folder = TemporaryFolder("apk")
        var apk = withSigningBlock(
            makeZip([("classes.dex", Array("dex".utf8))]), id: 0x7109_871a, certificates: [folder.readDER(cert)])
        // Make the first pair's length claim more than the block holds.
        let magic = Array("APK Sig Block 42".utf8)
        let end = (0...(apk.count - 16)).first { apk[$0..<($0 + 16)].elementsEqual(magic) }!
        let size = Int(apk[end - 8]) | Int(apk[end - 7]) << 8
        let start = end + 16 - size - 8
        apk[start + 8] = 0xFF
        apk[start + 9] = 0xFF
        folder.write("corrupt.apk", bytes: apk)
        let error = #expect(throws: CertificateReadError.self) { try CertificateReader.apk(folder.url("corrupt.apk")) }
        #expect(error?.description.contains("malformed APK Signing Block") == true)
    }
}

extension TemporaryFolder {
    func readDER(_ cert: TestCertificate) -> [UInt8] {
        FileManager.default.contents(atPath: cert.derPath).map { Array($0) } ?? []
    }
}
