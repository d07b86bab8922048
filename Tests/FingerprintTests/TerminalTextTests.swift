import Foundation
import TestSupport
import Testing

/// Issue 39, end to end: what relops prints of a hostile repository's file names cannot reorder
/// or hide the text around it on a terminal.
@Suite struct TerminalTextTests {
    let statics = """
        [{
          "relation": ["delegate_permission/common.handle_all_urls"],
          "target": { "namespace": "android_app", "package_name": "com.example.app",
            "sha256_cert_fingerprints": ["\(AssociationTests.fingerprint)"] }
        }]

        """

    /// A folder name holding U+202E (right-to-left override) and an escape sequence: shown as
    /// `\u202E` and `\u001B`, so the line reads as it is stored, on stdout and on stderr alike.
    @Test func fileNamesWithBidiAndControlCharactersArePrintedVisibly() {
        let box = HostileSandbox()
        let folder = "site\u{202E}txt.exe\u{1B}]0;title\u{07}"
        box.write("\(folder)/.well-known/assetlinks.json", statics)
        box.commit()
        let sources = box.relopsBounded(["association", "sources"])
        #expect(sources.status == 0, "\(sources.stdout)\(sources.stderr)")
        #expect(sources.stdout.contains("site\\u202Etxt.exe\\u001B]0;title\\u0007/.well-known/assetlinks.json"))
        for scalar in ["\u{202E}", "\u{1B}", "\u{07}"] {
            #expect(!sources.stdout.contains(scalar) && !sources.stderr.contains(scalar))
        }
        box.fifo("\(folder)/.well-known/assetlinks.json")
        let refused = box.relopsBounded(["association", "sources"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("site\\u202Etxt.exe\\u001B]0;title\\u0007/.well-known/assetlinks.json: a FIFO"))
        #expect(!refused.stderr.contains("\u{202E}"))
    }
}
