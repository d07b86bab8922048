import Crypto
import Curl
import IDN
import Markdown
import PublicSuffix
import Testing
import YAML

@Suite struct LibraryWrapperTests {
    @Test func sha256OfKnownBytes() throws {
        let digest = try Digest.sha256(Array("abc".utf8))
        let hex = digest.map { String(format: "%02x", $0) }.joined()
        #expect(hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func curlParsesAURL() throws {
        let parts = try URLParts("https://app.example.com:8443/.well-known/assetlinks.json?x=1")
        #expect(parts.scheme == "https")
        #expect(parts.host == "app.example.com")
        #expect(parts.port == 8443)
        #expect(parts.path == "/.well-known/assetlinks.json")
        #expect(parts.query == "x=1")
        #expect(throws: CurlError.self) { try URLParts("http://[::1") }
    }

    @Test func cmarkReportsAHeadingsLine() {
        let doc = MarkdownDocument(parsing: "intro\n\n## Step one\n\n```relops\nscan\n```\n\n- [x] done\n")
        let heading = doc.nodes.first { $0.kind == "heading" }
        #expect(heading?.startLine == 3)
        #expect(heading?.headingLevel == 2)
        #expect(doc.nodes.first { $0.kind == "code_block" }?.fenceInfo == "relops")
        #expect(doc.nodes.contains { $0.taskChecked == true })
    }

    @Test func libyamlLoadsAMappingWithPositions() throws {
        let node = try parseYAML("app:\n  web_host: a.example.com\n  list: [x, y]\n")
        #expect(node["app"]?["web_host"]?.string == "a.example.com")
        #expect(node["app"]?["web_host"]?.mark.line == 2)
        #expect(node["app"]?["list"]?.items?.count == 2)
        #expect(throws: YAMLError.self) { try parseYAML("a: [1, 2\n") }
    }

    @Test func idnConvertsUnicodeHostsToPunycode() throws {
        #expect(try IDNA.toASCII("bücher.example") == "xn--bcher-kva.example")
        #expect(try IDNA.toUnicode("xn--bcher-kva.example") == "bücher.example")
    }
}

@Suite struct PublicSuffixListTests {
    @Test func listedSuffixesAreTheListsOwnNotTheImplicitStarRule() throws {
        try PublicSuffixList.load()
        #expect(PublicSuffixList.isListedSuffix("com"))
        #expect(PublicSuffixList.isListedSuffix("co.uk"))
        #expect(!PublicSuffixList.isListedSuffix("com-webkluis"))
        #expect(!PublicSuffixList.isListedSuffix("example"))
        #expect(!PublicSuffixList.isListedSuffix(""))
        #expect(PublicSuffixList.registrableDomain(of: "www.example.co.uk") == "example.co.uk")
        #expect(PublicSuffixList.registrableDomain(of: "co.uk") == nil)
    }
}
