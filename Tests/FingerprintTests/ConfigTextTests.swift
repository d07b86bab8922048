import Fingerprint
import Foundation
import RelopsCore
import TestSupport
import Testing

/// The web host's settings with text that is not characters (a byte that is not UTF-8, a lone
/// surrogate escape): `fingerprint rotate` refuses it before writing (exit 2, the file untouched
/// byte for byte) and `association render` refuses it with the same message rather than render it.
@Suite struct ConfigTextTests {
    let home = TemporaryFolder("home")
    var environment: [String: String] { ["HOME": home.path] }

    /// The note's value bytes, and the message expected at line 2.
    static let kinds: [([UInt8], String)] = [
        (Array("caf".utf8) + [0xE9], "2:15: not valid UTF-8 (byte 0xE9); a configuration file must be UTF-8 text"),
        (Array("\\uD800x".utf8), "2:12: a lone surrogate escape (\\uD800) is not a character"),
        (Array("ok \\udc00".utf8), "2:15: a lone surrogate escape (\\udc00) is not a character"),
    ]

    /// The sample repository with `"Note": "<value>",` as line 2 of the web host's settings.
    func repository(note value: [UInt8]) -> (GitFixture, [UInt8]) {
        let repo = sampleRepository()
        let text = repo.readText(webSettings)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = Array("  \"Note\": \"".utf8) + value + Array("\",".utf8)
        let bytes =
            Array((lines[0] + "\n").utf8) + line + [0x0A] + Array(lines.dropFirst(2).joined(separator: "\n").utf8)
        repo.write(webSettings, bytes: bytes)
        return (repo, bytes)
    }

    @Test(arguments: kinds)
    func rotateRefusesBeforeWriting(value: [UInt8], expected: String) throws {
        let (repo, before) = repository(note: value)
        let cert = TestCertificate("app-signing")
        let result = relops(
            ["fingerprint", "rotate", "--to", cert.sha256, "--apply"], in: repo.root, environment: environment)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("\(webSettings):\(expected)"), "\(result.stderr)")
        #expect(repo.read(webSettings) == before)
        #expect(!result.stderr.contains("\u{FFFD}"))
    }

    @Test(arguments: kinds)
    func renderRefusesWithTheSameMessage(value: [UInt8], expected: String) throws {
        let (repo, _) = repository(note: value)
        let out = TemporaryFolder("site")
        let result = relops(["association", "render", "--out", out.path], in: repo.root, environment: environment)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("\(webSettings):\(expected)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.url(".well-known/assetlinks.json")))
        let local = relops(
            ["verify", "--local", "--host", "app.example.com", "--repo", repo.root], environment: environment)
        #expect(local.status == 2, "\(local.stdout)\(local.stderr)")
        #expect(local.stderr.contains("\(webSettings):\(expected)"), "\(local.stderr)")
    }

    @Test func aPairedSurrogateAByteOrderMarkAndAnEscapedBackslashAreFine() throws {
        let text = "{ \"smile\": \"\\ud83d\\ude00\", \"literal\": \"\\\\ud800\", \"é\": 1 }"
        let document = try JSONCDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), path: "a.json")
        #expect(document.node(at: ["smile"])?.string == "\u{1F600}")
        #expect(document.node(at: ["literal"])?.string == "\\ud800")
        #expect(ConfigText.firstProblem(in: Array(text.utf8)) == nil)
    }

    @Test func theFirstProblemIsLocatedInTheFileAsWritten() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\n \"a\": \"\\uDBFF\\u0041\"}".utf8)
        let problem = try #require(ConfigText.firstProblem(in: bytes))
        #expect(problem.kind == .loneSurrogate("DBFF"))
        #expect(problem.offset == 12 && problem.line == 2 && problem.column == 8)
        #expect(throws: JSONCError.self) { try JSONCDocument(bytes: bytes, path: "a.json") }
        // A served document (strict mode) is read as before: this check is for configuration files.
        let served = try JSONCDocument(bytes: Array(bytes.dropFirst(3)), path: "served.json", strict: true)
        #expect(served.node(at: ["a"])?.string == "\u{FFFD}A")
    }
}
