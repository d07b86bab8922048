import Foundation

/// The host `example.app` (a real `.app` name) in an app named Example: the Kotlin package,
/// imports and `using` lines, Xcode's bundle and product names and reverse-DNS identifiers spell
/// it without being it; three lines hold the real host (`realHostLines`).
public func makeHostSpellingRepository() -> GitFixture {
    let repo = GitFixture("host-spelling")
    repo.write(
        "android/app/build.gradle",
        """
        plugins { id 'com.android.application' }
        android {
            namespace "com.example.app"
            defaultConfig {
                applicationId "example.app"
            }
        }

        """)
    repo.write(
        "android/app/src/main/kotlin/example/app/MainActivity.kt",
        """
        package example.app

        import example.app.ui.Theme
        import com.example.app.R

        const val PRIVACY = "https://example.app/privacy"

        """)
    repo.write(
        "android/app/src/main/java/example/app/Links.java",
        "package example.app;\n\nimport static example.app.Config.HOST;\n")
    repo.write(
        "Shared/Links.cs",
        "using Example.App;\nusing static Example.App.Strings;\nusing Web = Example.App.Web;\nnamespace Example.App.Views;\n"
    )
    repo.write(
        "ios/Example.xcodeproj/project.pbxproj",
        """
        // !$*UTF8*$!
        {
        \t\t13B07F961A680F5B00A75B9A /* Example.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Example.app; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.app;
        \t\t\t\tPRODUCT_NAME = Example.app;
        \t\t\t\tTEST_HOST = "$(BUILT_PRODUCTS_DIR)/Example.app/Example";
        \t\t\t\tWEB_HOST = example.app;
        }

        """)
    repo.write(
        "ios/Example.xcodeproj/xcshareddata/xcschemes/Example.xcscheme",
        """
        <BuildableReference
           BuildableIdentifier = "primary"
           BuildableName = "Example.app"
           BlueprintName = "Example"
           ReferencedContainer = "container:Example.xcodeproj">
        </BuildableReference>

        """)
    repo.write(
        "ios/scripts/package.sh",
        "#!/bin/sh\nmkdir Payload\ncp -R \"$BUILD_DIR/Release-iphoneos/Example.app\" Payload/\n")
    repo.write("README.md", "Example lives at https://example.app.\n")
    repo.commit("an app named Example at example.app")
    return repo
}

/// The lines of `makeHostSpellingRepository` that hold the host itself, as `path:line`.
public let realHostLines = [
    "README.md:1", "android/app/src/main/kotlin/example/app/MainActivity.kt:6",
    "ios/Example.xcodeproj/project.pbxproj:7",
]
