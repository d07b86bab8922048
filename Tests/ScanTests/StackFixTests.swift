import RelopsCore
import Scan
import TestSupport
import Testing

/// Fixes on stacks already read (issue 29): XLIFF and T4 sources of a referenced library's `.resx`,
/// Cargo `[workspace.dependencies]` inheritance, F-Droid metadata.
@Suite struct StackFixTests {
    func rule(_ result: ScanResult, _ path: String) -> String { result.occurrence(path)?.rule ?? "(no occurrence)" }
    func ruleID(_ result: ScanResult, _ path: String) -> String { result.occurrence(path)?.ruleID ?? "(none)" }

    @Test func xliffOfAClassicXamarinLibraryReferencedByBothHeadsShipsLikeItsResx() throws {
        let repo = GitFixture("xliff")
        repo.write(
            "Core/Core.csproj",
            """
            <Project ToolsVersion="15.0"><PropertyGroup><OutputType>Library</OutputType></PropertyGroup>
              <ItemGroup><EmbeddedResource Include="Resources\\AppResources.resx" /></ItemGroup>
              <ItemGroup><XliffResource Include="MultilingualResources\\Core.de.xlf" /></ItemGroup>
            </Project>
            """)
        repo.write(
            "Core/MultilingualResources/Core.de.xlf", "<trans-unit><target>https://host.com/de</target></trans-unit>\n")
        repo.write("Core/Resources/Strings.tt", "<#@ output extension=\".resx\" #>\nhttps://host.com/t4\n")
        repo.write("Core/Tools/links.csv", "home,https://host.com\n")
        for head in ["Droid", "iOS"] {
            let type = head == "Droid" ? "EFBA0AD7-5A72-4C68-AF49-83D382785DCF" : "FEACFBD2-3405-455C-9665-78FE426C6842"
            repo.write(
                "App.\(head)/App.\(head).csproj",
                """
                <Project ToolsVersion="15.0"><PropertyGroup><ProjectTypeGuids>{\(type)};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids><OutputType>Exe</OutputType></PropertyGroup>
                  <ItemGroup><ProjectReference Include="..\\Core\\Core.csproj" /></ItemGroup>
                  <ItemGroup><XliffResource Include="MultilingualResources\\App.fr.xlf" /></ItemGroup></Project>
                """)
        }
        repo.write("App.iOS/MultilingualResources/App.fr.xlf", "<target>https://host.com/fr</target>\n")
        repo.commit("xliff")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let xlf = "Core/MultilingualResources/Core.de.xlf"
        #expect(result.classOf(xlf) == .binaryConfig)
        #expect(ruleID(result, xlf) == "library.referenced-by-app")
        #expect(rule(result, xlf).contains("XLIFF translation"))
        #expect(!rule(result, xlf).contains("no app"))
        #expect(result.classOf("Core/Resources/Strings.tt") == .binaryConfig)
        #expect(rule(result, "Core/Resources/Strings.tt").contains("text template"))
        #expect(result.classOf("App.iOS/MultilingualResources/App.fr.xlf") == .binaryConfig)
        #expect(ruleID(result, "App.iOS/MultilingualResources/App.fr.xlf") == "dotnet.resource-file")
        // A file of the library that no build turns into a resource keeps saying so.
        #expect(result.classOf("Core/Tools/links.csv") != .binaryConfig)
    }

    @Test func aCrateAServerTakesThroughWorkspaceDependenciesIsInTheServer() throws {
        let repo = GitFixture("cargo-ws")
        repo.write(
            "Cargo.toml",
            """
            [workspace]
            members = ["server", "crates/*"]

            [workspace.dependencies]
            pages = { path = "crates/pages" }
            mail = { path = "crates/mail", version = "0.1" }
            axum = "0.7"
            """)
        repo.write(
            "server/Cargo.toml",
            """
            [package]
            name = "server"
            version = "0.1.0"

            [dependencies]
            axum.workspace = true
            pages.workspace = true
            mail = { workspace = true, features = ["smtp"] }
            """)
        repo.write("server/src/main.rs", "fn main() {}\n")
        repo.write("crates/pages/Cargo.toml", "[package]\nname = \"pages\"\nversion = \"0.1.0\"\n")
        repo.write("crates/pages/src/lib.rs", "pub const HOST: &str = \"host.com\";\n")
        repo.write("crates/pages/templates/index.html", "<a href=\"https://host.com\">home</a>\n")
        repo.write("crates/mail/Cargo.toml", "[package]\nname = \"mail\"\nversion = \"0.1.0\"\n")
        repo.write("crates/mail/src/lib.rs", "pub const FROM: &str = \"noreply@host.com\";\n")
        repo.write("crates/unused/Cargo.toml", "[package]\nname = \"unused\"\nversion = \"0.1.0\"\n")
        repo.write("crates/unused/src/lib.rs", "pub const HOST: &str = \"host.com\";\n")
        repo.commit("cargo-ws")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["crates/pages/src/lib.rs", "crates/pages/templates/index.html", "crates/mail/src/lib.rs"] {
            #expect(result.classOf(path) == .server, "\(path): \(rule(result, path))")
            #expect(!rule(result, path).contains("no app, server or site"), "\(path)")
        }
        #expect(result.classOf("crates/unused/src/lib.rs") == .other)
        #expect(ruleID(result, "crates/unused/src/lib.rs") == "build-unit.not-included")
    }

    @Test func fDroidMetadataIsAStoreListing() throws {
        let repo = GitFixture("fdroid")
        repo.write("metadata/org.example.notes.yml", "WebSite: https://host.com\nSourceCode: https://host.com/src\n")
        repo.write("metadata/en-US/full_description.txt", "See https://host.com\n")
        repo.write("fdroid/metadata/org.example.notes.yml", "WebSite: https://host.com\n")
        repo.write(".fdroid.yml", "WebSite: https://host.com\n")
        repo.write("app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.commit("fdroid")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in [
            "metadata/org.example.notes.yml", "metadata/en-US/full_description.txt",
            "fdroid/metadata/org.example.notes.yml", ".fdroid.yml",
        ] {
            #expect(result.classOf(path) == .storeListing, "\(path): \(rule(result, path))")
            #expect(ruleID(result, path) == "store.listing-folder", "\(path)")
        }
    }
}
