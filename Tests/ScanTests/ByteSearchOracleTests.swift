import Foundation
import Testing

@testable import Scan

/// The byte searches that replaced Foundation's `range(of:)` on the scan path, held to it.
@Suite struct ByteSearchOracleTests {
    /// `siteRoot(of:)`: the folder before the first `/.well-known/`, "" for one at the root, nil for none.
    @Test func theSiteRootIsTheFolderBeforeTheFirstWellKnownFolder() {
        let paths = [
            ".well-known/assetlinks.json", "site/.well-known/apple-app-site-association",
            "a/b/.well-known/x", "a/.well-known/b/.well-known/c", "x/.well-knownx/y", "x/well-known/y",
            "x/.Well-Known/y", ".well-known", "a/.well-known", "é/.well-known/z", "a/b.well-known/c", "",
            "/.well-known/x", "deep/er/still/.well-known/assetlinks.json",
        ]
        for path in paths {
            let expected: String? =
                path.hasPrefix(".well-known/")
                ? "" : path.range(of: "/.well-known/").map { String(path[..<$0.lowerBound]) }
            #expect(siteRoot(of: path) == expected, "\(path)")
        }
        #expect(siteRoot(of: "a/b/.well-known/x") == "a/b")
        #expect(siteRoot(of: "x/.Well-Known/y") == nil)
    }

    /// `String.contains` in the scan's module (bytes, through `ByteSearch.contains`) against
    /// Foundation's on the kinds of strings the rules ask it of: paths and lines, words at the start,
    /// the end and nowhere, a first byte that repeats before the match, case, an empty word, a word
    /// longer than the text, non-ASCII text around ASCII words.
    @Test func containsAgreesWithFoundationOnPathsAndWords() {
        let texts = [
            "app/src/main/res/raw/config.json", "Resources/Raw/x", "a/assets/b", "/assets/", "assets/",
            "My.App.Tests.csproj", "my.app.test.csproj", "flutter build apk --dart-define=HOST=x", "aaab",
            "ababac", "", "x", "Café/res/raw/é.json", "日本/assets/設定.json", "res/rawr/", "/res/raw",
        ]
        let words = [
            "/res/raw/", "/assets/", ".tests.", ".test.", "flutter build ", "aab", "abac", "", "x",
            "Raw", "é", "/assets/設定", "a much longer word than any text here at all", "/",
        ]
        for text in texts {
            for word in words {
                let foundation = text.range(of: word) != nil
                #expect(text.contains(word) == foundation, "\(text) contains \(word)")
                #expect(ByteSearch.contains(word, in: text) == foundation, "\(text) contains \(word)")
            }
        }
    }
}
