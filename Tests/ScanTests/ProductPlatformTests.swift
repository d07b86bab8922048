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

    /// Equal products, made apart, hash alike and are one in a set; the hash is kept from when a
    /// product was made, so it must come from the fields that tell products apart.
    @Test func equalProductsMadeApartAreOneInASet() {
        func make(_ name: String, _ file: String, _ kind: Product.Kind = .app) -> Product {
            Product(
                name: String(name.reversed().reversed()), kind: kind, description: "Android app",
                file: String(file.reversed().reversed()), platforms: [.android])
        }
        let a = make("androidApp", "androidApp/build.gradle")
        let b = make("androidApp", "androidApp/build.gradle")
        #expect(a !== b)
        #expect(a == b && a.hashValue == b.hashValue)
        let distinct: [Product] = [
            a, b, make("androidApp", "other/build.gradle"), make("wearApp", "androidApp/build.gradle"),
            make("androidApp", "androidApp/build.gradle", .example),
        ]
        #expect(Set(distinct).count == 4)
    }
}
