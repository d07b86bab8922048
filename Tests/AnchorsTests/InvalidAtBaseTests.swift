import Anchors
import Foundation
import TestSupport
import Testing

/// What line 173 of `Src/Extensions.cs` turns into once 16 lines above it are deleted.
enum MovedOntoShape: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case blank, brace, docComment
    var testDescription: String { rawValue }
    var text: String {
        switch self {
        case .blank: return ""
        case .brace: return "    }"
        case .docComment: return "    /// <summary>"
        }
    }
}

/// `Src/Extensions.cs` with `metrics.AddMeter` at line 173 and `shape` at line 189.
func extensionsFile(_ shape: MovedOntoShape) -> String {
    (1...200).map { n -> String in
        switch n {
        case 173: return "        metrics.AddMeter(\"Outbox\");\n"
        case 189: return shape.text + "\n"
        default: return "        services.Add\(n)();\n"
        }
    }.joined()
}

/// The same file with lines 100...115 deleted: the meter now stands at 157 and `shape` at 173.
func extensionsFileMoved(_ shape: MovedOntoShape) -> String {
    extensionsFile(shape).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { !(99...114).contains($0.offset) }.map(\.element).joined(separator: "\n")
}

@Suite struct InvalidAtBaseTests {
    @Test(arguments: MovedOntoShape.allCases) func aMoveOntoATrivialLineAfterTheADRIsAMove(_ shape: MovedOntoShape)
        throws
    {
        let repo = AnchorRepo(.lf, "moved-onto-\(shape.rawValue)")
        repo.write("Src/Extensions.cs", extensionsFile(shape))
        repo.write("Docs/adr.md", "The meter is registered at `Src/Extensions.cs:173`.\n")
        repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.write("Src/Extensions.cs", extensionsFileMoved(shape))
        repo.commit("Move (#7)", date: "2026-01-03T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/Extensions.cs:173"))
        #expect(drift.status == .moved, "\(drift.note ?? "")")
        #expect(drift.newStart == 157)
    }

    @Test(arguments: MovedOntoShape.allCases) func aLineEditedAfterTheMoveKeepsTheAnchorsBase(_ shape: MovedOntoShape)
        throws
    {
        let repo = AnchorRepo(.lf, "edited-\(shape.rawValue)")
        repo.write("Src/Extensions.cs", extensionsFile(shape))
        repo.write("Src/Other.cs", numbered("other", 1...20))
        repo.write("Docs/adr.md", "The meter at `Src/Extensions.cs:173`, the other at `Src/Other.cs:5`.\n")
        let written = repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.write("Src/Extensions.cs", extensionsFileMoved(shape))
        repo.write("Src/Other.cs", "x\n" + numbered("other", 1...20))
        repo.commit("Move (#7)", date: "2026-01-03T10:00:00Z")
        repo.write("Docs/adr.md", "The meter at `Src/Extensions.cs:173`, the other at `Src/Other.cs:6`.\n")
        repo.commit("Re-pin Other.cs by hand", date: "2026-01-04T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/Extensions.cs:173"))
        #expect(drift.status == .moved, "\(drift.note ?? "")")
        #expect(drift.newStart == 157 && drift.base == written && drift.baseReason == "anchor-text")
        try repin(repo)
        #expect(
            repo.readText("Docs/adr.md")
                == "The meter at `Src/Extensions.cs:157`, the other at `Src/Other.cs:6`.\n")
    }

    /// An ADR merged from its branch, the code moved on main, then its line edited on main: the
    /// anchor's base is the branch commit that wrote it, as blame would name it.
    @Test(arguments: MovedOntoShape.allCases) func anAnchorMergedFromABranchKeepsTheBranchCommitAsItsBase(
        _ shape: MovedOntoShape
    ) throws {
        let repo = AnchorRepo(.lf, "merged-edited-\(shape.rawValue)")
        repo.write("Src/Extensions.cs", extensionsFile(shape))
        repo.write("Docs/adr.md", "# ADR\n")
        repo.commit("Start", date: "2026-01-01T10:00:00Z")
        repo.git("checkout", "-q", "-b", "adr")
        repo.write("Docs/adr.md", "# ADR\n\nThe meter at `Src/Extensions.cs:173`, in the outbox.\n")
        let written = repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.git("checkout", "-q", "-")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge pull request #8 from adr", "adr")
        repo.write("Src/Extensions.cs", extensionsFileMoved(shape))
        repo.commit("Move (#9)", date: "2026-01-04T10:00:00Z")
        repo.write("Docs/adr.md", "# ADR\n\nThe meter at `Src/Extensions.cs:173`, in the Outbox module.\n")
        repo.commit("Wording", date: "2026-01-05T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/Extensions.cs:173"))
        #expect(drift.status == .moved && drift.newStart == 157, "\(drift.note ?? "")")
        #expect(drift.base == written && drift.baseReason == "anchor-text")
    }

    /// The same with the edit of the line not committed yet: the anchor's text is HEAD's.
    @Test(arguments: MovedOntoShape.allCases) func aLineEditedInTheWorkingTreeKeepsTheAnchorsBase(
        _ shape: MovedOntoShape
    ) throws {
        let repo = AnchorRepo(.crlf, "uncommitted-\(shape.rawValue)")
        repo.write("Src/Extensions.cs", extensionsFile(shape))
        repo.write("Docs/adr.md", "# ADR\n\nThe meter at `Src/Extensions.cs:173`, the host at `:20`.\n")
        let written = repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.write("Src/Extensions.cs", extensionsFileMoved(shape))
        repo.commit("Move (#7)", date: "2026-01-03T10:00:00Z")
        repo.write("Docs/adr.md", "# ADR\n\nThe meter at `Src/Extensions.cs:173`, the host at `:21`.\n")
        let drift = try #require(try audit(repo).drift("Src/Extensions.cs:173"))
        #expect(drift.status == .moved && drift.newStart == 157, "\(drift.note ?? "")")
        #expect(drift.base == written && drift.baseReason == "anchor-text")
    }

    /// Following the anchor's own text back rescues nothing that was wrong when written.
    @Test(arguments: MovedOntoShape.allCases) func anAnchorOnATrivialLineWhenWrittenStaysInvalid(
        _ shape: MovedOntoShape
    )
        throws
    {
        let repo = AnchorRepo(.lf, "trivial-\(shape.rawValue)")
        repo.write("Src/Extensions.cs", extensionsFile(shape))
        repo.write("Docs/adr.md", "The meter at `Src/Extensions.cs:189`, see also `Src/Extensions.cs:1`.\n")
        repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.write("Docs/adr.md", "The meter at `Src/Extensions.cs:189`; see also `Src/Extensions.cs:2`.\n")
        let edited = repo.commit("Edit the line", date: "2026-01-03T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/Extensions.cs:189"))
        #expect(drift.status == .invalid && drift.base == edited && drift.baseReason == "blame")
        #expect(drift.note == "cites only blank, brace or comment lines at its base \(edited.prefix(7))")
    }

    @Test(arguments: MovedOntoShape.allCases) func anADRMergedAfterAMoveOnMainKeepsItsBranchBase(
        _ shape: MovedOntoShape
    ) throws {
        let repo = AnchorRepo(.lf, "merged-\(shape.rawValue)")
        repo.write("Src/Extensions.cs", extensionsFile(shape))
        repo.write("Docs/adr.md", "# ADR\n")
        repo.commit("Start", date: "2026-01-01T10:00:00Z")
        repo.git("checkout", "-q", "-b", "adr")
        repo.write("Docs/adr.md", "# ADR\n\nThe meter is registered at `Src/Extensions.cs:173`.\n")
        repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.git("checkout", "-q", "-")
        repo.write("Src/Extensions.cs", extensionsFileMoved(shape))
        repo.commit("Move (#7)", date: "2026-01-03T10:00:00Z")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge pull request #8 from adr", "adr")
        let drift = try #require(try audit(repo).drift("Src/Extensions.cs:173"))
        #expect(drift.status == .moved, "\(drift.note ?? "")")
        #expect(drift.newStart == 157)
    }
}
