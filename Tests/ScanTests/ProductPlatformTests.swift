import RelopsCore
import Scan
import TestSupport
import Testing

/// Products carry the platforms their build files name (`Platform`), not words in a description.
@Suite struct ProductPlatformTests {
    @Test func eachAppNamesItsPlatformsFromItsBuildFile() throws {
        let repo = GitFixture("product-platforms")
        repo.write(
            "Maui/Maui.csproj",
            #"<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFrameworks>net8.0-android;net8.0-ios;net8.0-maccatalyst</TargetFrameworks><UseMaui>true</UseMaui></PropertyGroup></Project>"#
        )
        repo.write("Maui/Api.cs", "const string Host = \"\(host)\";\n")
        repo.write("settings.gradle", "include ':wear'\n")
        repo.write(
            "wear/build.gradle",
            "plugins { id 'com.android.application' }\ndependencies { implementation 'androidx.wear:wear:1.3.0' }\n")
        repo.write("wear/src/main/java/Api.java", "class Api { String host = \"\(host)\"; }\n")
        repo.write(
            "Api/Api.csproj",
            #"<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>"#
        )
        repo.write("Api/Program.cs", "var origin = \"https://\(host)\";\n")
        repo.commit("apps")
        let result = try scanRepository(repo.root)
        #expect(result.occurrence("Maui/Api.cs")?.products.first?.platforms == [.android, .iOS, .macCatalyst])
        let wear = try #require(result.occurrence("wear/src/main/java/Api.java")?.products.first)
        #expect(wear.description == "Wear OS app")
        #expect(wear.platforms == [.android])
        #expect(result.occurrence("Api/Program.cs")?.products.first?.platforms == [])
    }
}
