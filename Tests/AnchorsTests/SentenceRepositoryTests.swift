import Anchors
import Foundation
import TestSupport
import Testing

@Suite struct SentenceRepositoryTests {
    /// The issue's sentence: the bare names after a full path into an unmapped repository belong
    /// to that repository, not to the four `Program.cs` of the mapped one.
    @Test(arguments: LineEnds.allCases) func bareNamesAfterAPathIntoAnUnmappedRepositoryAreUnmapped(
        _ ends: LineEnds
    ) throws {
        let repo = AnchorRepo(ends, "sentence")
        for service in ["Identity", "Conference", "Engagement", "Gateway"] {
            repo.write("Source/Services/\(service).Service/Program.cs", numbered("\(service.lowercased())", 1...90))
        }
        repo.write(
            "Docs/adr.md",
            """
            # ADR

            The listener is added from each service's `Program.cs` (`OtherRepo/Source/Services/Identity.Service/Program.cs:81`, Conference `Program.cs:85`, Engagement `Program.cs:68`).

            OtherRepo registers it once more: `Program.cs:12`.

            Here the gateway's own `Gateway.Service/Program.cs:3` and its `Program.cs:4`.

            """)
        repo.commit("ADR")
        let result = try audit(repo)
        for text in ["Program.cs:85", "Program.cs:68", "Program.cs:12"] {
            let drift = try #require(result.drift(text))
            #expect(drift.status == .unresolved && drift.unmappedRepository == "OtherRepo", "\(text)")
            #expect(drift.candidates.isEmpty && drift.note?.contains("repository OtherRepo") == true, "\(text)")
        }
        #expect(result.unmappedRepositories.map(\.name) == ["OtherRepo"])
        #expect(result.unmappedRepositories.first?.count == 4)
        // A path into the mapped repository binds the bare name after it there.
        let gateway = try #require(result.drift("Program.cs:4"))
        #expect(gateway.path == "Source/Services/Gateway.Service/Program.cs" && gateway.status == .ok)
    }

    /// A mapped repository named earlier in the paragraph, by a path or by its name alone, decides
    /// among the files a bare name fits in several repositories; a new paragraph starts afresh.
    @Test(arguments: LineEnds.allCases) func theParagraphsRepositoryDecidesAmongRepositories(_ ends: LineEnds) throws {
        let shared = AnchorRepo(ends, "shared")
        shared.write("Src/Startup.cs", numbered("startup", 1...5))
        shared.write("Src/Program.cs", numbered("shared", 1...5))
        shared.commit("Shared")
        let repo = AnchorRepo(ends, "paragraph")
        repo.write("Src/App/Program.cs", numbered("app", 1...5))
        repo.write(
            "Docs/adr.md",
            """
            # ADR

            Startup lives in `Shared/Src/Startup.cs:1`. The host is built in `Program.cs:2`.

            In Shared the host also logs at `Program.cs:3`.

            Elsewhere, `Program.cs:4`.

            """)
        repo.commit("ADR")
        let result = try audit(repo, repos: [("Shared", shared.root)])
        for text in ["Program.cs:2", "Program.cs:3"] {
            let drift = try #require(result.drift(text))
            #expect(drift.repo == "Shared" && drift.path == "Src/Program.cs" && drift.status == .ok, "\(text)")
        }
        let elsewhere = try #require(result.drift("Program.cs:4"))
        #expect(elsewhere.status == .unresolved && elsewhere.candidates.count == 2)
    }
}

@Suite struct SentenceFolderTests {
    /// A path whose first folder was deleted since names no repository: the bare name after it is
    /// read in the repository that held that path at the anchor's base.
    @Test(arguments: LineEnds.allCases) func aFolderDeletedSinceIsNoRepository(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends, "deleted-folder")
        repo.write("Legacy/Src/Old.cs", numbered("old", 1...5))
        repo.write("Src/App/Program.cs", numbered("app", 1...5))
        repo.write("Docs/adr.md", "The old handler `Legacy/Src/Old.cs:2` calls `Program.cs:3`.\n")
        repo.commit("ADR", date: "2026-07-15T09:00:00Z")
        repo.git("rm", "-q", "-r", "Legacy")
        repo.commit("Drop Legacy (#4)", date: "2026-08-01T09:00:00Z")
        let result = try audit(repo)
        #expect(result.drift("Legacy/Src/Old.cs:2")?.status == .lost)
        let bare = try #require(result.drift("Program.cs:3"))
        #expect(bare.unmappedRepository == nil && bare.path == "Src/App/Program.cs" && bare.status == .ok)
        #expect(result.unmappedRepositories.isEmpty)
    }
}

@Suite struct SentenceFullPathTests {
    /// A paragraph names `ADC/.../DependencyInjection.cs` in full, then cites `DependencyInjection.cs`
    /// bare, with a path into the documents' repository between them: the bare name is the file the
    /// paragraph named in full, not the documents' repository's `DependencyInjection.cs` an earlier
    /// paragraph names.
    @Test(arguments: LineEnds.allCases) func aFullPathOfTheSameNameInTheParagraphDecides(_ ends: LineEnds) throws {
        let adc = AnchorRepo(ends, "adc")
        adc.write("Source/Engagement/DependencyInjection.cs", numbered("engagement", 1...50))
        adc.commit("ADC")
        let repo = AnchorRepo(ends, "common")
        repo.write("Source/Api/DependencyInjection.cs", numbered("api", 1...50))
        repo.write("Source/Shared/RoleNames.cs", numbered("role", 1...20))
        repo.write(
            "Docs/adr.md",
            """
            # ADR

            The filter is registered in `Source/Api/DependencyInjection.cs:12`.

            ADC's Engagement module configures it (`ADC/Source/Engagement/DependencyInjection.cs:38`,
            `DependencyInjection.cs:39`), the bypass role (`Source/Shared/RoleNames.cs:15`,
            `DependencyInjection.cs:42`).

            """)
        repo.commit("ADR")
        let result = try audit(repo, repos: [("ADC", adc.root)])
        for text in ["DependencyInjection.cs:39", "DependencyInjection.cs:42"] {
            let drift = try #require(result.drift(text))
            #expect(drift.repo == "ADC" && drift.path == "Source/Engagement/DependencyInjection.cs", "\(text)")
        }
        #expect(result.drift("Source/Shared/RoleNames.cs:15")?.status == .ok)
    }
}

@Suite struct UnmappedFullerPathTests {
    /// A bare name no repository read holds, whose full path the document named earlier under a
    /// repository nobody mapped, cites that repository: reported unmapped with its name, not as a
    /// missing file.
    @Test(arguments: LineEnds.allCases) func aBareNameTheDocumentNamedUnderAnUnmappedRepositoryIsUnmapped(
        _ ends: LineEnds
    ) throws {
        let repo = AnchorRepo(ends, "unmapped-fuller")
        repo.write("Source/Api/Program.cs", numbered("api", 1...20))
        repo.write(
            "Docs/adr.md",
            """
            # ADR

            ## Orders

            The store checks the owner in `Store/Source/Sales/OrdersController.cs:12`.

            ## Payments

            The refund path re-checks it at `OrdersController.cs:40`; the host starts at `Program.cs:3`.
            Nothing names `Missing.cs:4` in full.

            """)
        repo.commit("ADR")
        let result = try audit(repo)
        let bare = try #require(result.drift("OrdersController.cs:40"))
        #expect(bare.status == .unresolved && bare.unmappedRepository == "Store", "\(bare.note ?? "")")
        #expect(
            bare.note
                == "repository Store is not mapped (--repo Store=PATH); the document names"
                + " `Store/Source/Sales/OrdersController.cs` earlier")
        let missing = try #require(result.drift("Missing.cs:4"))
        #expect(missing.unmappedRepository == nil && missing.note == "no such file")
        #expect(result.drift("Program.cs:3")?.status == .ok)
    }
}

@Suite struct ShortRepositoryNameTests {
    /// People drop an organisation's prefix in prose: "ADC Identity `Program.cs:81`" names the
    /// repository `MMCA.ADC` the document's paths name, so the bare name is read there (unmapped
    /// here), not among the mapped repository's two `Program.cs`.
    @Test(arguments: LineEnds.allCases) func aRepositoryNamedWithoutItsOrganisationPrefixBindsTheBareName(
        _ ends: LineEnds
    ) throws {
        let repo = AnchorRepo(ends, "short-name")
        for service in ["Identity", "Conference"] {
            repo.write("Source/Services/\(service).Service/Program.cs", numbered(service.lowercased(), 1...90))
        }
        repo.write("Source/Policy.cs", numbered("policy", 1...9))
        repo.write(
            "Docs/adr.md",
            """
            # ADR

            The helper is `MMCA.ADC/Source/Hosting/KestrelEndpointExtensions.cs:10`.

            Call sites: ADC Identity `Program.cs:81`, Conference `Program.cs:85`.

            Here `Program.cs:12` fits two files.

            The Store host is `MMCA.Store/Source/Sales/Program.cs:3`.

            Store Sales was re-checked. The policy is `Policy.cs:3`.

            """)
        repo.commit("ADR")
        let result = try audit(repo)
        for text in ["Program.cs:81", "Program.cs:85"] {
            let drift = try #require(result.drift(text))
            #expect(drift.status == .unresolved && drift.unmappedRepository == "MMCA.ADC", "\(text)")
            #expect(drift.candidates.isEmpty, "\(text)")
        }
        let undecided = try #require(result.drift("Program.cs:12"))
        #expect(undecided.status == .unresolved && undecided.candidates.count == 2)
        // A name one mapped file settles is not taken from a word that is also a short name (`Store`).
        let settled = try #require(result.drift("Policy.cs:3"))
        #expect(settled.path == "Source/Policy.cs" && settled.status == .ok && settled.unmappedRepository == nil)
    }
}
