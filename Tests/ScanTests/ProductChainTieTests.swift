import RelopsCore
import Scan
import TestSupport
import Testing

/// The chain a product link shows is the shortest one, and of equally short ones the first
/// referrer's in path order (not the order the server lists its references in), so a scan says
/// the same thing whichever file its workers classified first.
@Suite struct ProductChainTieTests {
    let h = "host.com"

    /// A .NET library that `Alpha` and `Beta` both reference, and a web project `Api` above them.
    private func repository(_ name: String, apiReferences: [String], extra: (GitFixture) -> Void = { _ in })
        -> GitFixture
    {
        let repo = GitFixture(name)
        repo.write("Lib/Lib.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\">\n</Project>\n")
        repo.write("Lib/Links.cs", "public static class Links { public const string Host = \"https://\(h)/a\"; }\n")
        for library in ["Alpha", "Beta"] {
            repo.write(
                "\(library)/\(library).csproj",
                """
                <Project Sdk="Microsoft.NET.Sdk">
                  <ItemGroup><ProjectReference Include="..\\Lib\\Lib.csproj" /></ItemGroup>
                </Project>

                """)
        }
        let references = apiReferences.map { "    <ProjectReference Include=\"..\\\($0)\\\($0).csproj\" />" }
        repo.write(
            "Api/Api.csproj",
            "<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <ItemGroup>\n\(references.joined(separator: "\n"))\n  </ItemGroup>\n</Project>\n"
        )
        extra(repo)
        repo.commit(name)
        return repo
    }

    @Test func ofEquallyShortChainsTheFirstReferrersInPathOrderIsShown() throws {
        // `Api` lists `Beta` first; `Alpha` comes first in path order.
        let repo = repository("chain-tie", apiReferences: ["Beta", "Alpha"])
        let result = try scanRepository(repo.root, hosts: [h])
        let rule = result.occurrence("Lib/Links.cs")?.rule ?? "(no occurrence)"
        #expect(rule.contains("(Lib/Links.cs <- Lib/Lib.csproj <- Alpha/Alpha.csproj <- Api/Api.csproj)"), "\(rule)")
    }

    /// `Gate` stands between `Api` and one of the two libraries: the other's chain is shorter,
    /// whether its library comes first in path order or not.
    @Test(arguments: [("Alpha", "Beta"), ("Beta", "Alpha")])
    func theShortestChainIsShownWhicheverReferrerComesFirst(behindGate: String, shorter: String) throws {
        let repo = repository("chain-shortest", apiReferences: ["Gate", shorter]) { repo in
            repo.write(
                "Gate/Gate.csproj",
                """
                <Project Sdk="Microsoft.NET.Sdk">
                  <ItemGroup><ProjectReference Include="..\\\(behindGate)\\\(behindGate).csproj" /></ItemGroup>
                </Project>

                """)
        }
        let result = try scanRepository(repo.root, hosts: [h])
        let rule = result.occurrence("Lib/Links.cs")?.rule ?? "(no occurrence)"
        #expect(
            rule.contains("(Lib/Links.cs <- Lib/Lib.csproj <- \(shorter)/\(shorter).csproj <- Api/Api.csproj)"),
            "\(rule)")
    }
}
