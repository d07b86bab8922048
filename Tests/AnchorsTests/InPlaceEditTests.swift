import Anchors
import Foundation
import Testing

/// A cited line rewritten where it stands (a cutover's host rewrite, a changed value) is `changed`
/// at the same place, placed by the diff; a block cut out with unrelated lines put in its place
/// stays `lost`.
@Suite struct InPlaceEditTests {
    static let settings = """
        {
          "PublicSite": {
            "BaseUrl": "https://adc-ui.kindrock-1234.eastus.azurecontainerapps.io",
            "Name": "Conference"
          }
        }

        """

    @Test(arguments: LineEnds.allCases) func aHostRewrittenInPlaceIsChangedWhereItStands(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/appsettings.json", Self.settings)
        repo.write(
            "Src/Entitlements.plist",
            "<plist>\n<array>\n    <string>applinks:adc-ui.kindrock-1234.eastus.azurecontainerapps.io</string>\n</array>\n</plist>\n"
        )
        repo.write("Docs/adr.md", "The base URL is `Src/appsettings.json:3`; the claim `Src/Entitlements.plist:3`.\n")
        repo.commit("ADR", date: "2026-01-01T10:00:00Z")
        repo.write(
            "Src/appsettings.json",
            "// header\n"
                + Self.settings.replacingOccurrences(
                    of: "adc-ui.kindrock-1234.eastus.azurecontainerapps.io", with: "app.example.com"))
        repo.write(
            "Src/Entitlements.plist",
            "<plist>\n<array>\n    <string>applinks:app.example.com</string>\n</array>\n</plist>\n")
        let cutover = repo.commit("Cut over to app.example.com", date: "2026-01-02T10:00:00Z")
        let result = try audit(repo)
        let setting = try #require(result.drift("Src/appsettings.json:3"))
        #expect(setting.status == .changed, "\(setting.status) \(setting.note ?? "")")
        #expect(setting.newStart == 4 && setting.newEnd == 4)
        #expect(setting.editedInPlace && setting.explanation.hasPrefix("changed: edited in place"))
        #expect(setting.commits.map(\.id).contains(cutover))
        let claim = try #require(result.drift("Src/Entitlements.plist:3"))
        #expect(claim.status == .changed && claim.newStart == 3)
        #expect((claim.confidence ?? 0) >= minimumRepinConfidence)
    }

    @Test(arguments: LineEnds.allCases) func aLineReplacedByAnUnrelatedOneIsLost(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/Startup.cs", numbered("startup", 1...9) + "    app.MapAssetLinks(options);\n")
        repo.write("Docs/adr.md", "The endpoint is mapped at `Src/Startup.cs:10`.\n")
        repo.commit("ADR", date: "2026-01-01T10:00:00Z")
        repo.write("Src/Startup.cs", numbered("startup", 1...9) + "}\n")
        repo.commit("Drop the endpoint", date: "2026-01-02T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/Startup.cs:10"))
        #expect(drift.status == .lost && !drift.editedInPlace, "\(drift.status) \(drift.note ?? "")")
    }
}
