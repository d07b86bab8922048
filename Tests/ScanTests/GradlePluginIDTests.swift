import Foundation
import Testing

@testable import Scan

/// The plugin ids of a Gradle script are read on its bytes; the regular expressions they replace
/// are the oracle, on real scripts' shapes and on scripts made of the tokens that trip a reader.
@Suite struct GradlePluginIDTests {
    func oracle(_ text: String) throws -> [String] {
        let quoted = try Regex(#"(?:\bid\s*\(?\s*|\bplugin\s*[:=]\s*)["']([A-Za-z0-9_.\-]+)["']"#)
        let bare = try Regex(#"(?m)^([A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+)+)$"#)
        let ids = text.matches(of: quoted) + text.matches(of: bare)
        return ids.compactMap { $0.output[1].substring.map(String.init) }.sorted()
    }

    static let scripts = [
        """
        plugins {
            id("com.android.application")
            id 'kotlin-android'
            id "dev.flutter.flutter-gradle-plugin"
            alias(libs.plugins.kotlin.compose)
        }
        apply plugin: 'com.google.gms.google-services'
        apply(plugin = "io.element.android-compose-application")
        com.android.application
        org.jetbrains.kotlin.android
        """,
        "plugins {\r\n  id(\"shop.android.app\")\r\n}\r\nshop.android.library\r\n",
        "android.id = 'x'\nfluid('a.b')\nvoid id ( 'spaced.id' )\nid(\"unclosed)\nid('')\n",
        "x.id('a.b') x id('a.b') _id('a') 1id('a') é id('a') éid('a') x:id('a') x-id('a') a.plugin: 'q'",
        ".lead\ntrail.\ndouble..dot\nok.id\nok-with_dash.x2\n single.space\n\n",
    ]

    @Test(arguments: scripts)
    func readsWhatTheExpressionsRead(_ script: String) throws {
        let expected = try oracle(script)
        #expect(GradleConventionPlugins.pluginIDs(in: script).sorted() == expected)
    }

    @Test func readsWhatTheExpressionsReadOnScriptsOfTrickyTokens() throws {
        let tokens = [
            "id", "plugin", "(", ")", " ", "\n", "\r\n", "'", "\"", ":", "=", ".", "-", "_", "a", "com.x", "x.y.z",
            "android", "é", "1", "\t", "apply", "{", "}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let script = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
                tokens.randomElement(using: &generator)!
            }.joined()
            let expected = try oracle(script)
            #expect(GradleConventionPlugins.pluginIDs(in: script).sorted() == expected, "\(script.debugDescription)")
        }
    }
}
