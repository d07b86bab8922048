import Foundation
import TestSupport
import Testing

/// Issue 39, case 8, through the binary: a file in UTF-16 or UTF-32 with a byte order mark (as
/// Xcode writes `Localizable.strings`) is scanned, rewritten in its own encoding with its mark
/// and line ends, and restored byte for byte; one whose bytes are not text in the encoding its
/// mark announces is named "not scanned: encoding" and fails `--expect`.
@Suite struct EncodingCommandTests {
    static let zero = "binary=0,server=0,store-listing=0,docs=0,comment=0,repo-meta=0,test=0,build=0,other=0,unknown=0"
    let path = "ios/App/en.lproj/Localizable.strings"

    /// CRLF line ends, a character outside the BMP (a surrogate pair in UTF-16), an accent.
    func strings(_ host: String) -> String {
        "/* Liens 🔗 é */\r\n\"web\" = \"https://\(host)/help\";\r\n\"api\" = \"\(host)\";\r\n"
    }

    @Test(arguments: ["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"])
    func aFileWithAByteOrderMarkIsScannedRewrittenInItsEncodingAndRestored(_ encoding: String) throws {
        let repo = GitFixture("e2e-encoding")
        let original = encoded(strings("host.com"), encoding)
        repo.write(path, bytes: original)
        repo.commit("strings")

        let scan = relops(["scan", "--host", "host.com", "--format", "json"], in: repo.root, killAfter: 120)
        #expect(scan.status == 0, "\(scan.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any])
        let found = try #require(object["occurrences"] as? [[String: Any]])
        #expect(found.map { $0["path"] as? String } == [path, path])
        #expect(found.map { $0["line"] as? Int } == [2, 3])
        #expect(found.map { $0["column"] as? Int } == [18, 10])
        #expect(found.first?["text"] as? String == "\"web\" = \"https://host.com/help\";")

        let apply = relops(
            ["cutover", "--from", "host.com", "--to", "example.org", "--apply"], in: repo.root, killAfter: 120)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(repo.read(path) == encoded(strings("example.org"), encoding))

        let after = relops(["scan", "--host", "host.com", "--after-cutover", "--expect", Self.zero], in: repo.root)
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        #expect(after.stdout.contains("0 occurrences of host.com"), "\(after.stdout)")

        let undo = relops(["cutover", "undo"], in: repo.root, killAfter: 120)
        #expect(undo.status == 0, "\(undo.stdout)\(undo.stderr)")
        #expect(repo.read(path) == original)
    }

    @Test func aFileNotInTheEncodingItsMarkAnnouncesIsNamedAndFailsExpect() throws {
        let repo = GitFixture("e2e-bad-encoding")
        // A UTF-16LE mark, the host, then a lone high surrogate.
        let broken = encoded("\"web\" = \"https://host.com/\";\r\n", "UTF-16LE") + [0x00, 0xD8, 0x41, 0x00]
        repo.write(path, bytes: broken)
        repo.write("docs/links.md", "See https://host.com/.\n")
        repo.commit("broken strings")

        let scan = relops(["scan", "--host", "host.com", "--expect", Self.zero], in: repo.root, killAfter: 120)
        #expect(scan.status == 1, "\(scan.stdout)\(scan.stderr)")
        #expect(scan.stdout.contains("== not scanned: 1"), "\(scan.stdout)")
        #expect(
            scan.stdout.contains(
                "\(path): not scanned: encoding (a UTF-16LE byte order mark, but a lone surrogate U+D800 at byte 62)"),
            "\(scan.stdout)")
        #expect(
            scan.stderr.contains(
                "--expect: 1 file not scanned: encoding (\(path)): relops cannot decode it, so occurrences may hide there"
            ), "\(scan.stderr)")

        let json = relops(["scan", "--host", "host.com", "--format", "json"], in: repo.root, killAfter: 120)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.map { $0["path"] as? String } == [path])
        #expect((problems.first?["message"] as? String)?.hasPrefix("not scanned: encoding") == true)

        let preview = relops(["cutover", "--from", "host.com", "--to", "example.org"], in: repo.root, killAfter: 120)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("skipped: 1 file (\(path)); not scanned: encoding"), "\(preview.stdout)")

        // The runbook's check after the apply fails while the file may still hold the host.
        let apply = relops(
            ["cutover", "--from", "host.com", "--to", "example.org", "--apply"], in: repo.root, killAfter: 120)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(repo.read(path) == broken)
        let after = relops(["scan", "--host", "host.com", "--after-cutover", "--expect", Self.zero], in: repo.root)
        #expect(after.status == 1, "\(after.stdout)\(after.stderr)")
        #expect(after.stderr.contains("1 file not scanned: encoding (\(path))"), "\(after.stderr)")
    }

    /// `text` in `encoding`, after its byte order mark.
    func encoded(_ text: String, _ encoding: String) -> [UInt8] {
        var bytes: [UInt8] = []
        func put(_ value: UInt32, _ size: Int, bigEndian: Bool) {
            for k in 0..<size {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(8 * (bigEndian ? size - 1 - k : k))))
            }
        }
        let big = encoding.hasSuffix("BE")
        if encoding.hasPrefix("UTF-16") {
            for unit in [0xFEFF] + text.utf16.map(Int.init) { put(UInt32(unit), 2, bigEndian: big) }
        } else {
            for value in [0xFEFF] + text.unicodeScalars.map(\.value) { put(value, 4, bigEndian: big) }
        }
        return bytes
    }
}
