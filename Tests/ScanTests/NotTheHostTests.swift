import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// Issue 40, case 5: a name that spells the host but names code or a bundle is never an occurrence.
@Suite struct NotTheHostTests {
    @Test func declarationsBundleNamesAndIdentifiersAreNotTheHost() throws {
        let repo = makeHostSpellingRepository()
        let result = try scanRepository(repo.root, hosts: ["example.app"])
        #expect(result.occurrences.map { "\($0.path):\($0.line)" }.sorted() == realHostLines.sorted())
        #expect(result.related.isEmpty, "\(result.related)")
        let listed = result.notHost.map { "\($0.path):\($0.line) \($0.found) \($0.reason.rawValue)" }
        #expect(
            listed == [
                "Shared/Links.cs:1 example.app declaration",
                "Shared/Links.cs:2 example.app.strings declaration",
                "Shared/Links.cs:3 example.app.web declaration",
                "Shared/Links.cs:4 example.app.views declaration",
                "android/app/build.gradle:3 com.example.app identifier",
                "android/app/build.gradle:5 example.app identifier",
                "android/app/src/main/java/example/app/Links.java:1 example.app declaration",
                "android/app/src/main/java/example/app/Links.java:3 example.app.config.host declaration",
                "android/app/src/main/kotlin/example/app/MainActivity.kt:1 example.app declaration",
                "android/app/src/main/kotlin/example/app/MainActivity.kt:3 example.app.ui.theme declaration",
                "android/app/src/main/kotlin/example/app/MainActivity.kt:4 com.example.app.r declaration",
                "ios/Example.xcodeproj/project.pbxproj:3 example.app bundle-name",
                "ios/Example.xcodeproj/project.pbxproj:3 example.app bundle-name",
                "ios/Example.xcodeproj/project.pbxproj:4 com.example.app identifier",
                "ios/Example.xcodeproj/project.pbxproj:5 example.app bundle-name",
                "ios/Example.xcodeproj/project.pbxproj:6 example.app bundle-name",
                "ios/Example.xcodeproj/xcshareddata/xcschemes/Example.xcscheme:3 example.app bundle-name",
                "ios/scripts/package.sh:3 example.app bundle-name",
            ], "\(listed)")
    }

    @Test func aPropertyListIdentifierOnTheLineBelowItsKeyIsNotTheHost() throws {
        let repo = GitFixture("host-spelling-plist")
        repo.write(
            "ios/Example/Info.plist",
            """
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIdentifier</key>
            \t<string>example.app</string>
            \t<key>CFBundleName</key><key>WebHost</key>
            \t<string>example.app</string>
            \t<key>CFBundleIdentifier</key>

            \t<string>example.app</string>
            </dict>
            </plist>

            """)
        repo.commit("plist")
        let result = try scanRepository(repo.root, hosts: ["example.app"])
        #expect(result.notHost.map { "\($0.line) \($0.reason.rawValue)" } == ["4 identifier"])
        // The value of another key, and one a blank line away from its key, stay occurrences.
        #expect(result.occurrences.map(\.line) == [6, 9])
    }

    @Test func theJSONDocumentListsThemWithTheirReason() throws {
        let repo = makeHostSpellingRepository()
        let result = try scanRepository(repo.root, hosts: ["example.app"])
        try #expect(result.jsonText == result.document.jsonText())
        let document = try #require(ScanJSONDocument.read(result.jsonText))
        #expect(document.notHost.count == result.notHost.count)
        let scheme = try #require(document.notHost.first { $0.path.hasSuffix(".xcscheme") })
        #expect(
            [scheme.host, scheme.found, scheme.path, "\(scheme.line)", scheme.reason] == [
                "example.app", "example.app", "ios/Example.xcodeproj/xcshareddata/xcschemes/Example.xcscheme", "3",
                "bundle-name",
            ])
        #expect(document.occurrences.count == realHostLines.count)
    }

    @Test func aURLOrAHostOnAKeyLikeLineStaysAnOccurrence() throws {
        let repo = GitFixture("host-spelling-urls")
        repo.write(
            "notes.txt",
            """
            import https://example.app/module.js
            WEB_HOST = example.app;
            path = https://example.app/x
            see example.app/app.example.app
            from example.app:8080 import data
            curl -O https://cdn.example.net/builds/example.app
            using example.app for payments since 2024, the
            from example.app. We moved last year
            Our app package example.app is live

            """)
        repo.commit("urls")
        let result = try scanRepository(repo.root, hosts: ["example.app"])
        #expect(result.notHost.isEmpty, "\(result.notHost)")
        #expect(result.occurrences.map(\.line) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    }
}
