import Foundation
import TestSupport
import Testing

/// How a test repository checks files out: as written (LF), or as a .NET repository with
/// `* text=auto eol=crlf` does, with CRLF in the working tree and LF in the committed blobs.
enum LineEnds: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case lf, crlf
    var testDescription: String { rawValue }
}

/// A `GitFixture` whose working tree has `ends` line endings. In CRLF mode the attributes sit in
/// `.git/info/attributes` (same effect as a committed `.gitattributes`, and the trees, so the
/// commit ids, stay those of the LF mode); text is written with CRLF and read back as LF.
final class AnchorRepo: @unchecked Sendable {
    let fixture: GitFixture
    let ends: LineEnds
    var root: String { fixture.root }

    init(_ ends: LineEnds, _ label: String = "repo") {
        fixture = GitFixture(label)
        self.ends = ends
        if ends == .crlf {
            fixture.write(".git/info/attributes", "* text=auto eol=crlf\n")
        }
    }

    /// A fixture a test set up itself, taken as it is.
    init(wrapping fixture: GitFixture) {
        self.fixture = fixture
        ends = .lf
    }

    func write(_ path: String, _ text: String) {
        fixture.write(path, ends == .crlf ? crlf(text) : text)
    }

    func write(_ path: String, bytes: [UInt8]) { fixture.write(path, bytes: bytes) }
    func read(_ path: String) -> [UInt8] { fixture.read(path) }

    /// The file's text, with CRLF read back as LF in CRLF mode.
    func readText(_ path: String) -> String {
        let text = fixture.readText(path)
        return ends == .crlf ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
    }

    @discardableResult
    func commit(_ message: String, date: String? = nil) -> String { fixture.commit(message, date: date) }

    @discardableResult
    func git(_ arguments: String...) -> String { fixture.git(arguments) }
}

/// `text` with every bare LF turned into CRLF.
func crlf(_ text: String) -> String {
    var out = ""
    var previous: Character?
    for c in text {
        if c == "\n" && previous != "\r" { out.append("\r") }
        out.append(c)
        previous = c
    }
    return out
}

extension AnchorRepo {
    /// A repository whose ADR cites `Src/A.cs:5` (and a historical `:3`), shifted by one line
    /// since in a commit of PR #12: an audit finds it moved, a repin rewrites it.
    static func drifted(_ ends: LineEnds = .lf, _ label: String = "anchors") -> AnchorRepo {
        let repo = AnchorRepo(ends, label)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr/0001-deep-links.md", "# ADR\n\nAt `Src/A.cs:5`, was `:3`.\n")
        repo.write(".relops.yml", "anchors:\n  docs: [\"Docs/adr/*.md\"]\n")
        repo.commit("Start")
        repo.write("Src/A.cs", "x\n" + numbered("a", 1...30))
        repo.commit("Shift (#12)")
        return repo
    }
}
