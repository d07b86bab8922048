import Anchors
import Foundation
import Testing

/// A bare name several files fit, decided by the folder the document's other citations lie under.
@Suite struct CitedFolderTests {
    /// `modules/iam/handler.go` and `modules/billing/handler.go`, and a routes file in each module.
    func twoModules(_ ends: LineEnds) -> AnchorRepo {
        let repo = AnchorRepo(ends, "cited-folder")
        for module in ["iam", "billing"] {
            repo.write("modules/\(module)/handler.go", numbered("\t\(module)Step", 1...40))
            repo.write("modules/\(module)/routes/routes.go", numbered("\t\(module)Route", 1...10))
        }
        return repo
    }

    @Test(arguments: LineEnds.allCases) func theFolderTheOtherCitationsNameDecides(_ ends: LineEnds) throws {
        let repo = twoModules(ends)
        repo.write(
            "Docs/adr.md",
            """
            # ADR

            ## Routes

            The login route is `modules/iam/routes/routes.go:3`.

            ## Tokens

            The handler checks the token at handler.go:12.

            """)
        repo.commit("ADR")
        let drift = try #require(try audit(repo).drift("handler.go:12"))
        #expect(drift.status == .ok && drift.path == "modules/iam/handler.go")
        #expect(drift.decidedBy == "cited-folder")
        #expect(
            drift.note
                == "`handler.go` matches 2 files; the only one under the folder the document's other citations name")
    }

    @Test(arguments: LineEnds.allCases) func citationsOfBothFoldersDecideNothing(_ ends: LineEnds) throws {
        let repo = twoModules(ends)
        repo.write(
            "Docs/adr.md",
            """
            # ADR

            The routes are `modules/iam/routes/routes.go:3` and `modules/billing/routes/routes.go:3`.
            The handler checks the token at handler.go:12.

            """)
        repo.commit("ADR")
        let drift = try #require(try audit(repo).drift("handler.go:12"))
        #expect(drift.status == .unresolved && drift.decidedBy == nil)
        #expect(drift.candidates == ["modules/billing/handler.go", "modules/iam/handler.go"])
    }
}
