import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// The streaming writer `scan --format json` prints (`ScanResult.jsonBytes`) against the
/// `Codable` type of the same document (`ScanJSONDocument`): byte for byte the same on the shared
/// fixtures, so the fast writer cannot drift from the type; and the type reads its own bytes back.
@Suite struct ScanDocumentBytesTests {
    func expectSameBytes(_ result: ScanResult, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let streamed = result.jsonBytes
        let encoded = try ScanJSONDocument(result).jsonText()
        // As text, so a difference shows as one (the bytes are UTF-8 of `String`s, read back losslessly).
        #expect(
            String(decoding: streamed, as: UTF8.self) == encoded, "the streamed bytes differ",
            sourceLocation: sourceLocation)
        let read = try JSONDecoder().decode(ScanJSONDocument.self, from: Data(streamed))
        #expect(try read.jsonText() == encoded, "read back, it writes other bytes", sourceLocation: sourceLocation)
    }

    @Test func theAppFixture() throws {
        let repo = makeAppRepository()
        let result = try scanRepository(repo.root)
        #expect(!result.occurrences.isEmpty && !result.products.isEmpty)
        try expectSameBytes(result)
    }

    /// Every section filled: related hosts, names that are not the host, a binary file, a file not
    /// scanned for its encoding, redirect URIs, escapes in the text.
    @Test func theHostSpellingFixtureWithEverySection() throws {
        let repo = makeHostSpellingRepository()
        repo.write(
            "docs/links.md", "See https://staging.example.app and \"quoted\\\" \t https://example.app/signin-google\n")
        repo.write("web/appsettings.json", #"{ "OAuth": { "RedirectUri": "https://example.app/signin-google" } }"#)
        repo.write("assets/qr.bin", bytes: [0, 1, 2] + Array("example.app".utf8))
        let text = Array("\"web\" = \"https://example.app/\";\r\n".utf16).flatMap {
            [UInt8($0 & 0xFF), UInt8($0 >> 8)]
        }
        repo.write("ios/App/en.lproj/Localizable.strings", bytes: [0xFF, 0xFE] + text + [0x00, 0xD8, 0x41, 0x00])
        repo.commit("every section")
        let result = try scanRepository(repo.root, hosts: ["example.app"])
        #expect(
            !result.related.isEmpty && !result.notHost.isEmpty && !result.binaryFiles.isEmpty
                && !result.problems.isEmpty && !result.redirectURIs.isEmpty)
        try expectSameBytes(result)
    }

    /// More occurrences than one slice of the parallel writer (256), in files of several classes.
    @Test func manyOccurrencesWrittenInSlices() throws {
        let repo = GitFixture("scan-bytes-many")
        for i in 0..<12 {
            let lines = (0..<60).map { "line \($0): https://app.example.com/\(i)/\($0) ü\n" }.joined()
            repo.write(i % 2 == 0 ? "docs/page\(i).md" : "tests/case\(i).txt", lines)
        }
        repo.commit("many")
        let result = try scanRepository(repo.root)
        #expect(result.occurrences.count == 720)
        try expectSameBytes(result)
    }

    @Test func anEmptyScan() throws {
        let repo = GitFixture("scan-bytes-empty")
        repo.write("a.txt", "nothing here\n")
        repo.commit("fixture")
        try expectSameBytes(try scanRepository(repo.root))
    }
}
