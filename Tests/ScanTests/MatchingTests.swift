import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

@Suite struct MatchingTests {
    @Test func hostsMatchCaseInsensitivelyAndWholeNamesOnly() throws {
        let repo = GitFixture()
        repo.write(
            "a.txt",
            """
            upper: HTTPS://APP.EXAMPLE.COM/x
            sub: staging.app.example.com
            hyphen: preview-app.example.com
            suffix: app.example.com.evil.example
            longer: app.example.community
            sentence: moved to app.example.com.
            email: ops@app.example.com
            """)
        repo.commit("a")
        let result = try scanRepository(repo.root)
        #expect(result.occurrences.map(\.line) == [1, 6, 7])
        #expect(result.occurrences[0].found == "APP.EXAMPLE.COM")
        #expect(result.occurrences[2].encoding == .email)
        // `app.example.community` only shares letters: a match counts at label boundaries only.
        #expect(
            result.related.map(\.found) == [
                "staging.app.example.com", "preview-app.example.com", "app.example.com.evil.example",
            ])
        #expect(result.related.map(\.line) == [2, 3, 4])
    }

    @Test func percentEncodedAndJSONEscapedHostsAreOccurrences() throws {
        let repo = GitFixture()
        repo.write(
            "urls.txt",
            """
            redirect=https%3A%2F%2Fapp.example.com%2Fcallback
            {"url": "https:\\/\\/app.example.com\\/x"}
            plain https://app.example.com/x
            not ours: https%3A%2F%2Fstaging.app.example.com
            """)
        repo.commit("urls")
        let result = try scanRepository(repo.root)
        #expect(result.occurrences.map(\.encoding) == [.percent, .jsonEscaped, .plain])
        #expect(result.occurrences.map(\.column) == [24, 20, 15])
        #expect(result.related.map(\.found) == ["staging.app.example.com"])
    }

    @Test func columnsAreRightWithCRLFAndABOMAndLinesWithNonUTF8Bytes() throws {
        let repo = GitFixture()
        repo.write("crlf.json", "{\r\n  \"a\": \"app.example.com\"\r\n}\r\n")
        repo.write("bom.txt", bytes: [0xEF, 0xBB, 0xBF] + Array("app.example.com\nx app.example.com\n".utf8))
        repo.write(
            "latin1.txt", bytes: Array("caf".utf8) + [0xE9, 0x0A, 0xFF, 0xFE, 0x0A] + Array("  app.example.com\n".utf8))
        repo.commit("encodings")
        let result = try scanRepository(repo.root)
        let crlf = try #require(result.occurrence("crlf.json"))
        #expect(crlf.line == 2 && crlf.column == 9)
        #expect(crlf.text == "  \"a\": \"app.example.com\"")
        let bom = result.occurrences.filter { $0.path == "bom.txt" }
        #expect(bom.map(\.line) == [1, 2])
        #expect(bom.map(\.column) == [1, 3])
        #expect(bom[0].text == "app.example.com")
        let latin = try #require(result.occurrence("latin1.txt"))
        #expect(latin.line == 3 && latin.column == 3)
    }

    @Test func binaryFilesAreListedSeparatelyNeverAsLineOccurrences() throws {
        let repo = GitFixture()
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        png += Array(repeating: 7, count: 9000) + Array("https://app.example.com/qr".utf8) + [0, 1, 2]
        repo.write("assets/qr.png", bytes: png)
        repo.write(
            "late-nul.txt",
            bytes: Array(repeating: UInt8(ascii: "a"), count: 9000) + [0] + Array(" app.example.com\n".utf8))
        repo.commit("binary")
        let result = try scanRepository(repo.root)
        #expect(result.binaryFiles == [BinaryFileHit(host: host, path: "assets/qr.png")])
        // A NUL after the first 8000 bytes does not make a file binary (git's rule).
        #expect(result.occurrences.map(\.path) == ["late-nul.txt"])
    }

    @Test func manyHostsAndManyFilesAcrossWorkersComeBackInFileOrder() throws {
        let repo = GitFixture()
        for i in 0..<300 {
            repo.write(
                String(format: "f/%03d.txt", i), i % 3 == 0 ? "x old.example.org y\nnew.example.net\n" : "nothing\n")
        }
        repo.commit("many")
        let result = try scanRepository(repo.root, hosts: ["old.example.org", "new.example.net"], workers: 2)
        #expect(result.occurrences.count == 200)
        #expect(result.occurrences.map(\.path) == result.occurrences.map(\.path).sorted())
        #expect(result.filesScanned == 300)
    }

    @Test func hostValidationRefusesURLsPortsAndBadCharacters() throws {
        #expect(try HostName("App.Example.COM.").name == "app.example.com")
        #expect(try HostName("bücher.example").name == "xn--bcher-kva.example")
        for bad in [
            "https://app.example.com/x", "", "  ", "app.example.com:443", "app_example.com", "app..example.com",
        ] {
            #expect(throws: Failure.self, "\(bad)") { try HostName(bad) }
        }
        #expect(throws: Failure.self) { try HostName.strict("-bad.example.com", option: "--to") }
        #expect(throws: Failure.self) { try HostName.strict("localhost", option: "--to") }
        #expect(throws: Failure.self) {
            try HostName.strict(String(repeating: "a", count: 64) + ".com", option: "--to")
        }
    }
}
