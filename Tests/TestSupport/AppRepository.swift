import Foundation

/// A MAUI-style app, an Android Gradle module, a web host and docs, with `app.example.com` in
/// every occurrence class (one file each).
public func makeAppRepository() -> GitFixture {
    let repo = GitFixture("scan")
    repo.write(
        "Source/App.UI/App.UI.csproj",
        """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup><UseMaui>true</UseMaui><TargetFrameworks>net9.0-android;net9.0-ios</TargetFrameworks></PropertyGroup>
          <ItemGroup>
            <EmbeddedResource Include="appsettings.json" />
          </ItemGroup>
        </Project>
        """)
    repo.write("Source/App.UI/appsettings.json", "{\n  \"Api\": { \"BaseUrl\": \"https://app.example.com/api\" }\n}\n")
    repo.write("Source/App.UI/appsettings.Development.json", "{ \"Api\": \"https://app.example.com\" }\n")
    repo.write("Source/App.UI/Platforms/iOS/Entitlements.plist", "<string>applinks:app.example.com</string>\n")
    repo.write("Source/App.UI/Platforms/iOS/Info.plist", "<string>https://app.example.com/</string>\n")
    repo.write("Source/App.UI/Platforms/Android/MainActivity.cs", "const string WebHost = \"app.example.com\";\n")
    repo.write("Source/App.UI/Resources/Raw/links.json", "{\"host\": \"app.example.com\"}\n")
    repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
    repo.write("android/app/src/main/AndroidManifest.xml", "<data android:host=\"app.example.com\" />\n")
    repo.write("android/app/src/main/res/values/strings.xml", "<string name=\"host\">app.example.com</string>\n")
    repo.write("android/app/src/main/java/com/example/Links.kt", "const val HOST = \"app.example.com\"\n")
    repo.write("Source/App.Web/App.Web.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Web\"></Project>\n")
    repo.write("Source/App.Web/appsettings.json", "{ \"AppAssociation\": { \"Host\": \"app.example.com\" } }\n")
    repo.write("deploy/main.bicep", "param host string = 'app.example.com'\n")
    repo.write("Docs/runbook.md", "Run `curl https://app.example.com/.well-known/assetlinks.json`.\n")
    repo.write("Tests/App.Tests/LinkTests.cs", "Assert.Equal(\"app.example.com\", Links.Host);\n")
    repo.write("tools/notes.sh", "echo app.example.com\n")
    repo.commit("app")
    return repo
}
