import Anchors
import Foundation
import Testing

/// Unmapped repositories and anchors invalid when written are reported every time; renames
/// followed by edits and blocks moved into another file are followed.
@Suite struct HistoryShapesTests {
    @Test(arguments: LineEnds.allCases) func unmappedRepositoriesAreReportedWhateverElseTheAnchorIs(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Legacy/Old.cs", numbered("old", 1...30))
        repo.write(
            "Docs/adr.md",
            """
            # ADR

            The cart is at Store/Src/Cart.cs:3, the line before it was Store/Src/Cart.cs:2.
            Zero is Store/Src/Pay.cs:0. The old code sat at Legacy/Old.cs:4 and is at Legacy/Old.cs:5.

            """)
        repo.commit("ADR")
        try FileManager.default.removeItem(atPath: repo.root + "/Legacy/Old.cs")
        repo.commit("Remove Legacy (#4)")
        let result = try audit(repo)
        let plain = try #require(result.drift("Store/Src/Cart.cs:3"))
        #expect(plain.status == .unresolved && plain.unmappedRepository == "Store")
        let historical = try #require(result.drift("Store/Src/Cart.cs:2"))
        #expect(historical.status == .historical && historical.unmappedRepository == "Store")
        let zero = try #require(result.drift("Store/Src/Pay.cs:0"))
        #expect(zero.status == .unresolved && zero.unmappedRepository == "Store")
        #expect(result.unmappedRepositories.map(\.name) == ["Store"])
        #expect(result.unmappedRepositories.first?.count == 3)
        // A folder deleted since the base is no repository of its own.
        #expect(result.drift("Legacy/Old.cs:5")?.status == .lost)
        #expect(result.drift("Legacy/Old.cs:5")?.unmappedRepository == nil)
        #expect(result.drift("Legacy/Old.cs:4")?.unmappedRepository == nil)
    }

    @Test(arguments: LineEnds.allCases) func pastTheEndWhenWrittenIsInvalidEvenIfTheFileWasLongerBefore(
        _ ends: LineEnds
    ) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.commit("Start", date: "2026-01-01T10:00:00Z")
        repo.write("Src/A.cs", numbered("a", 1...10))
        repo.commit("Shrink", date: "2026-01-02T10:00:00Z")
        repo.write("Docs/adr.md", "The `a` line at Src/A.cs:20 and the range Src/A.cs:8-12.\n")
        let written = repo.commit("ADR", date: "2026-01-03T10:00:00Z")
        let result = try audit(repo)
        for text in ["Src/A.cs:20", "Src/A.cs:8-12"] {
            let drift = try #require(result.drift(text))
            #expect(drift.status == .invalid && drift.base == written, "\(text): \(drift.status)")
            #expect(drift.note?.hasPrefix("past the end of the file (10 lines at") == true)
        }
    }

    @Test(arguments: LineEnds.allCases) func aRenameFollowedByAnEditIsFollowed(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/Old/Service.cs", numbered("service", 1...40))
        repo.write("Docs/adr.md", "The call is at `Src/Old/Service.cs:20`.\n")
        repo.commit("Start", date: "2026-01-01T10:00:00Z")
        try FileManager.default.createDirectory(atPath: repo.root + "/Src/New", withIntermediateDirectories: true)
        repo.git("mv", "Src/Old/Service.cs", "Src/New/Renamed.cs")
        let renamer = repo.commit("Rename (#5)", date: "2026-01-02T10:00:00Z")
        repo.write("Src/New/Renamed.cs", "using A;\nusing B;\n" + numbered("service", 1...40))
        let editor = repo.commit("Usings (#6)", date: "2026-01-03T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/Old/Service.cs:20"))
        #expect(drift.status == .renamed && drift.newPath == "Src/New/Renamed.cs")
        #expect(drift.newStart == 22 && drift.newEnd == 22)
        #expect(drift.commits.map(\.id) == [renamer, editor])
        #expect(drift.commits.first?.renamedTo == "Src/New/Renamed.cs" && drift.commits.last?.shift == 2)
        try repin(repo)
        #expect(repo.readText("Docs/adr.md") == "The call is at `Src/New/Renamed.cs:22`.\n")
    }

    @Test(arguments: LineEnds.allCases) func aRenameWithAnEditInTheSameCommitIsFoundBySimilarity(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        repo.write("Src/Old/Service.cs", numbered("service", 1...40))
        repo.write("Src/Other.cs", numbered("other", 1...40))
        repo.write("Docs/adr.md", "The call is at `Src/Old/Service.cs:20`.\n")
        repo.commit("Start", date: "2026-01-01T10:00:00Z")
        try FileManager.default.removeItem(atPath: repo.root + "/Src/Old/Service.cs")
        repo.write("Src/New/Renamed.cs", "using A;\n" + numbered("service", 1...30) + numbered("changed", 31...40))
        repo.write("Src/New/Unrelated.cs", numbered("unrelated", 1...40))
        let renamer = repo.commit("Rename and edit (#5)", date: "2026-01-02T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/Old/Service.cs:20"))
        #expect(drift.status == .renamed && drift.newPath == "Src/New/Renamed.cs", "\(drift.explanation)")
        #expect(drift.newStart == 21 && drift.commits.map(\.id) == [renamer])
        #expect(drift.commits.first?.renamedTo == "Src/New/Renamed.cs")
    }

    @Test(arguments: LineEnds.allCases) func aBlockMovedIntoAnotherExistingFileIsMovedThere(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        let block = """
                var limiter = RateLimiter.Create(options);
                limiter.Window = TimeSpan.FromSeconds(30);
                limiter.PermitLimit = settings.PermitLimit;

            """
        repo.write("Src/Program.cs", numbered("// program", 1...10) + block + numbered("// after", 1...10))
        repo.write("Src/Limits.cs", numbered("// limits", 1...20))
        repo.write("Docs/adr.md", "The limiter is set up at `Src/Program.cs:11-13`.\n")
        repo.commit("Start", date: "2026-01-01T10:00:00Z")
        repo.write("Src/Other.cs", "x\n")
        repo.commit("Unrelated", date: "2026-01-02T10:00:00Z")
        repo.write("Src/Program.cs", numbered("// program", 1...10) + numbered("// after", 1...10))
        repo.write("Src/Limits.cs", numbered("// limits", 1...5) + block + numbered("// limits", 6...20))
        let mover = repo.commit("Move the limiter to Limits (#8)", date: "2026-01-03T10:00:00Z")
        repo.write("Src/Limits.cs", "using X;\n" + numbered("// limits", 1...5) + block + numbered("// limits", 6...20))
        repo.commit("Using (#9)", date: "2026-01-04T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/Program.cs:11-13"))
        #expect(drift.status == .moved && drift.newPath == "Src/Limits.cs", "\(drift.explanation)")
        #expect(drift.newStart == 7 && drift.newEnd == 9)
        #expect(drift.commits.last?.id == mover && drift.commits.last?.movedTo == "Src/Limits.cs")
    }
}
