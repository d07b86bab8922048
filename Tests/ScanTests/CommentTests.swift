import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// Occurrences inside a comment of their file's language are `comment`; strings that look like
/// comments are not. Each fixture file holds one case per line: `(line, class, form in the rule)`.
@Suite struct CommentTests {
    typealias Case = (line: Int, cls: OccurrenceClass, form: String?)

    func expectLines(
        _ result: ScanResult, _ path: String, _ cases: [Case], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = result.occurrences.filter { $0.path == path }
        #expect(found.map(\.line) == cases.map(\.line), "\(path)", sourceLocation: sourceLocation)
        for (o, c) in zip(found, cases) {
            #expect(o.occurrenceClass == c.cls, "\(path):\(o.line): \(o.rule)", sourceLocation: sourceLocation)
            if let form = c.form {
                #expect(o.rule.contains(form), "\(path):\(o.line): \(o.rule)", sourceLocation: sourceLocation)
            }
        }
    }

    func mobileRepository() -> GitFixture {
        let repo = GitFixture("comments")
        repo.write(
            "App/App.csproj",
            "<Project><PropertyGroup><UseMaui>true</UseMaui></PropertyGroup></Project>\n")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        return repo
    }

    @Test func cLikeCommentFormsAndStringsThatLookLikeComments() throws {
        let repo = mobileRepository()
        repo.write(
            "App/Links.cs",
            """
            const string Url = "https://app.example.com/x"; // app.example.com
            /// <summary>Opens https://app.example.com.</summary>
            /* app.example.com */
            var path = @"C:\\temp\\"; // app.example.com
            var raw = \"\"\"
              // app.example.com
              \"\"\";
            /** app.example.com */
            var s = "/* app.example.com */";
            """)
        repo.write(
            "android/app/src/main/java/Links.kt",
            """
            val HOST = "app.example.com" // app.example.com
            /* outer /* inner */ app.example.com */
            val t = "${'$'}x // app.example.com"
            """)
        repo.write(
            "App/Links.swift",
            """
            let s = "// app.example.com"
            /// app.example.com
            """)
        repo.write(
            "App/links.ts",
            """
            const u = `// ${x} app.example.com`;
            // app.example.com
            const c = 'it\\'s // app.example.com';
            """)
        repo.commit("c-like")
        let result = try scanRepository(repo.root)
        expectLines(
            result, "App/Links.cs",
            [
                (1, .binaryLiteral, nil), (1, .comment, "`//` comment (C#)"), (2, .comment, "`///` doc comment"),
                (3, .comment, "`/* */` comment"), (4, .comment, "`//` comment"), (6, .binaryLiteral, nil),
                (8, .comment, "`/** */` doc comment"), (9, .binaryLiteral, nil),
            ])
        expectLines(
            result, "android/app/src/main/java/Links.kt",
            [(1, .binaryLiteral, nil), (1, .comment, "(Kotlin)"), (2, .comment, "`/* */`"), (3, .binaryLiteral, nil)])
        expectLines(result, "App/Links.swift", [(1, .binaryLiteral, nil), (2, .comment, "`///` doc comment (Swift)")])
        expectLines(
            result, "App/links.ts",
            [(1, .other, nil), (2, .comment, "(JavaScript/TypeScript)"), (3, .other, nil)])
    }

    @Test func markupCommentsAndResxCommentElements() throws {
        let repo = mobileRepository()
        repo.write(
            "App/Resources/Strings.resx",
            """
            <root>
              <data name="Url"><value>https://app.example.com</value>
                <comment>Points at app.example.com</comment></data>
              <!-- app.example.com -->
            </root>
            """)
        repo.write(
            "android/app/src/main/AndroidManifest.xml",
            """
            <data android:host="app.example.com" android:label="<!-- app.example.com" />
            <!-- app.example.com
                 app.example.com -->
            <![CDATA[ <!-- ]]> app.example.com
            """)
        repo.write(
            "App/Platforms/iOS/Info.plist",
            "<!-- app.example.com --><string>app.example.com</string>\n")
        repo.commit("markup")
        let result = try scanRepository(repo.root)
        expectLines(
            result, "App/Resources/Strings.resx",
            [
                (2, .binaryConfig, "resource file"), (3, .comment, "resx `<comment>` element"),
                (4, .comment, "`<!-- -->`"),
            ])
        expectLines(
            result, "android/app/src/main/AndroidManifest.xml",
            [
                (1, .binaryLiteral, nil), (1, .binaryLiteral, nil), (2, .comment, "XML comment"), (3, .comment, nil),
                (4, .binaryLiteral, nil),
            ])
        expectLines(result, "App/Platforms/iOS/Info.plist", [(1, .comment, "(XML)"), (1, .binaryLiteral, nil)])
    }

    /// A translation file is lexed only when it holds a `<!--` up to its last occurrence: one at
    /// the first byte still counts, and one after the last occurrence changes nothing.
    @Test func xmlCommentsAtTheFirstByteAndAfterTheLastOccurrence() throws {
        let repo = GitFixture("xml-comment-edges")
        repo.write(
            "res/values/strings.xml",
            """
            <!-- https://app.example.com/old -->
            <resources><string name="a">https://app.example.com/a</string></resources>

            """)
        repo.write(
            "res/values-de/strings.xml",
            """
            <resources><string name="a">https://app.example.com/a</string><!-- later --></resources>
            <!-- https://app.example.com/b -->

            """)
        repo.write(
            "res/values-fr/strings.xml",
            """
            <resources><string name="a"><![CDATA[<! https://app.example.com/a ]]></string></resources>

            """)
        repo.commit("strings")
        let result = try scanRepository(repo.root)
        func inComment(_ path: String) -> [Bool] {
            result.occurrences.filter { $0.path == path }.map { $0.occurrenceClass == .comment }
        }
        #expect(inComment("res/values/strings.xml") == [true, false])
        #expect(inComment("res/values-de/strings.xml") == [false, true])
        #expect(inComment("res/values-fr/strings.xml") == [false])
    }

    @Test func hashCommentsAndTheirStrings() throws {
        let repo = GitFixture("hash")
        repo.write(
            "deploy/values.yaml",
            """
            url: https://app.example.com # app.example.com
            title: "# app.example.com"
            note: Don't use app.example.com # app.example.com
            anchor: https://app.example.com/#app.example.com
            script: |
              # app.example.com
            # app.example.com
            """)
        repo.write(
            "tools/run.sh",
            """
            echo "app.example.com" # app.example.com
            echo 'a#b' app.example.com#x
            """)
        repo.write(
            "server/app.py",
            """
            x = "#app.example.com"  # app.example.com
            \"\"\"Docstring # app.example.com\"\"\"
            """)
        repo.write("server/Rocket.toml", "address = \"app.example.com\" # app.example.com\n")
        repo.write(".gitignore", "# app.example.com\nbuild/app.example.com\n")
        repo.write(".editorconfig", "; app.example.com\n")
        repo.write(
            "server/appsettings.json",
            "{\n  // app.example.com\n  \"Url\": \"https://app.example.com//x\" /* app.example.com */\n}\n")
        repo.commit("hash")
        let result = try scanRepository(repo.root)
        expectLines(
            result, "deploy/values.yaml",
            [
                (1, .server, nil), (1, .comment, "`#` comment (YAML)"), (2, .server, nil), (3, .server, nil),
                (3, .comment, nil), (4, .server, nil), (4, .server, nil), (6, .server, nil), (7, .comment, nil),
            ])
        expectLines(result, "tools/run.sh", [(1, .other, nil), (1, .comment, "(shell)"), (2, .other, nil)])
        expectLines(result, "server/app.py", [(1, .other, nil), (1, .comment, "(Python)"), (2, .other, nil)])
        expectLines(result, "server/Rocket.toml", [(1, .server, nil), (1, .comment, "(TOML)")])
        expectLines(result, ".gitignore", [(1, .comment, "(.gitignore)"), (2, .repoMeta, nil)])
        expectLines(result, ".editorconfig", [(1, .comment, "`;` comment")])
        expectLines(
            result, "server/appsettings.json",
            [(2, .comment, "`//` comment (JSONC)"), (3, .server, nil), (3, .comment, "`/* */` comment")])
    }

    @Test func javaObjectiveCAndXAMLComments() throws {
        let repo = mobileRepository()
        repo.write(
            "android/app/src/main/java/Links.java",
            """
            static final String HOST = "app.example.com"; // app.example.com
            /** Javadoc: app.example.com */
            char c = '"'; String s = "app.example.com"; /* app.example.com */
            """)
        repo.write(
            "App/Platforms/iOS/Links.m",
            """
            NSString *host = @"app.example.com"; // app.example.com
            /* app.example.com */
            """)
        repo.write(
            "App/MainPage.xaml",
            """
            <Label Text="https://app.example.com" /> <!-- app.example.com -->
            """)
        repo.commit("java objc xaml")
        let result = try scanRepository(repo.root)
        expectLines(
            result, "android/app/src/main/java/Links.java",
            [
                (1, .binaryLiteral, nil), (1, .comment, "`//` comment (Java)"), (2, .comment, "`/** */` doc comment"),
                (3, .binaryLiteral, nil), (3, .comment, "`/* */` comment (Java)"),
            ])
        expectLines(
            result, "App/Platforms/iOS/Links.m",
            [(1, .binaryLiteral, nil), (1, .comment, "(Objective-C/C)"), (2, .comment, "`/* */`")])
        expectLines(result, "App/MainPage.xaml", [(1, .binaryLiteral, nil), (1, .comment, "XML comment")])
    }

    @Test func aSymlinksTargetIsNeverReadForComments() throws {
        let repo = GitFixture("symlink-comment")
        repo.write("x/app.example.com", "# app.example.com\n")
        try FileManager.default.createSymbolicLink(
            atPath: repo.root + "/conf.yaml", withDestinationPath: "x/app.example.com")
        repo.commit("link")
        let result = try scanRepository(repo.root)
        let link = try #require(result.occurrence("conf.yaml"))
        #expect(link.occurrenceClass != .comment, "\(link.rule)")
    }
}
