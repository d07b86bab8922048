import Association
import Curl
import Fingerprint
import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// The pieces that need no server: JSON, fingerprints, inputs, repository claims.
@Suite struct ParsingTests {
    @Test func jsonReaderKeepsOrderAndRefusesJunk() throws {
        let value = try json(#"{"b": 1, "a": [true, null, -2.5e1, "\u00e9\ud83d\ude00"]}"#)
        #expect(value.objectPairs?.map(\.0) == ["b", "a"])
        #expect(value["a"]?.arrayValue?[3] == .string("é😀"))
        for junk in ["", "[1,]", "{\"a\" 1}", "01", "\"\\x\"", "[1] 2", String(repeating: "[", count: 100)] {
            #expect(throws: JSONCError.self, "\(junk)") { try json(junk) }
        }
    }

    @Test func jsonComparisonIgnoresKeyOrderButNotValues() throws {
        let a = try json(#"{"x": 1, "y": [1, 2]}"#)
        let b = try json(#"{"y": [1, 2], "x": 1.0}"#)
        let c = try json(#"{"y": [1, 3], "x": 1}"#)
        #expect(a.sameJSON(as: b))
        #expect(a.differences(from: c, path: "$", limit: 3) == ["$.y[1]: 2 vs 3"])
    }

    @Test func liveAndRenderedDocumentsShareOneReader() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var list = CheckList(url: "https://a.example/.well-known/assetlinks.json")
        #expect(Verifier.parseJSON(bom + Array("[]".utf8), "assetlinks", into: &list) == .array([]))
        #expect(list.checks.map(\.verdict) == [.warn])
        #expect(list.checks.first?.reason.contains("byte order mark") == true)
        // The validator of rendered documents reads the same way, and holds its own output to more.
        let rendered = AssociationValidator.assetLinks(bom + Array("[]".utf8))
        #expect(rendered.problems.first?.message == "starts with a UTF-8 byte order mark; serve plain UTF-8")
        let statement =
            #"[{"relation": [], "target": {"namespace": "android_app", "package_name": "app", "sha256_cert_fingerprints": []}}]"#
        let live = AssetLinksDocument(json: try json(statement))
        #expect(
            live.errors == [
                "statement [0]: `relation` must be a non-empty list of strings"
            ])
        let fixed = statement.replacingOccurrences(of: #""relation": []"#, with: #""relation": ["x"]"#)
        #expect(
            AssetLinksDocument(json: try json(fixed)).errors == [
                "statement [0].target: \"app\" is not an Android package name (like com.example.app)",
                "statement [0].target: sha256_cert_fingerprints is empty, so no app signature matches",
            ])
    }

    @Test func contentTypeParametersAreAllowed() {
        func response(_ type: String?) -> HTTPResponse {
            HTTPResponse(
                url: "u", effectiveURL: "u", status: 200, contentType: type, location: nil, httpVersion: "2", body: [])
        }
        #expect(response("Application/JSON; charset=utf-8").mediaType == "application/json")
        #expect(response(" application/json ").mediaType == "application/json")
        #expect(response("text/html").mediaType == "text/html")
        #expect(response(nil).mediaType == nil)
    }

    @Test func expectedFingerprintsAreReadInEveryFormTheNormalizerKnows() throws {
        let forms = [
            TestNginx.fingerprint, TestNginx.fingerprint.lowercased().replacingOccurrences(of: ":", with: ""),
            "SHA256: " + TestNginx.fingerprint, "sha256 Fingerprint=" + TestNginx.fingerprint,
        ]
        let expectation = try VerifyExpectation(fingerprints: forms).validated()
        #expect(expectation.fingerprints == [TestNginx.fingerprint])
        let sha1 = String(repeating: "AB:", count: 19) + "AB"
        #expect { try VerifyExpectation(fingerprints: [sha1]).validated() } throws: {
            ($0 as? Failure)?.message.contains("is a SHA-1 fingerprint") == true
        }
    }

    @Test func unicodeHostsBecomePunycode() throws {
        #expect(try HostSpec.normalized("Bücher.Example:8443") == "xn--bcher-kva.example:8443")
        #expect(try HostSpec.normalizedResolve("bücher.example:443:127.0.0.1") == "xn--bcher-kva.example:443:127.0.0.1")
        #expect { try HostSpec.normalized("https://a.example") } throws: {
            ($0 as? Failure)?.message.contains("not a URL") == true
        }
    }

    @Test func badInputsAreUsageErrors() throws {
        for host in ["bad host", "a.example:0", "a.example:x", ""] {
            #expect("\(host)") { try WebHost(host) } throws: { ($0 as? Failure)?.category == .usage }
        }
        var o = VerifyOptions(host: try WebHost("a.example"))
        o.expectation.fingerprints = ["AB:CD"]
        #expect { try Verifier.run(o) } throws: {
            ($0 as? Failure)?.message
                == "fingerprint \"AB:CD\" has 2 bytes; a SHA-256 fingerprint has 32 (64 hex digits)"
        }
        o = VerifyOptions(host: try WebHost("a.example"))
        o.resolve = ["a.example:443"]
        #expect { try Verifier.run(o) } throws: { ($0 as? Failure)?.category == .usage }
    }

    @Test func claimsAreReadFromEntitlementsManifestsAndCSharp() {
        let repo = TemporaryFolder("claims")
        repo.write(
            "ios/Entitlements.plist",
            """
            <plist><dict><key>com.apple.developer.associated-domains</key><array>
              <string>applinks:good.example</string>
              <string>webcredentials:good.example?mode=developer</string>
              <string>applinks:ios-only.example</string>
            </array></dict></plist>
            """)
        repo.write(
            "android/AndroidManifest.xml",
            """
            <manifest><application><activity>
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <data android:scheme="https" android:host="manifest.example" />
              </intent-filter>
              <intent-filter>
                <data android:scheme="https" android:host="unverified.example" />
              </intent-filter>
            </activity></application></manifest>
            """)
        repo.write(
            "android/MainActivity.cs",
            """
            [IntentFilter(new[] { Intent.ActionView }, AutoVerify = true,
                Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
                DataScheme = "https", DataHost = PublicWebHost)]
            [IntentFilter(new[] { Intent.ActionView }, AutoVerify = true, DataScheme = "https", DataHost = "literal.example")]
            [IntentFilter(new[] { Intent.ActionView }, AutoVerify = true, DataScheme = "https", DataHost = Config.Elsewhere)]
            public class MainActivity {
                const string PublicWebHost = "good.example";
            }
            """)
        let paths = ["ios/Entitlements.plist", "android/AndroidManifest.xml", "android/MainActivity.cs", "README.md"]
        let claims = RepositoryClaims.read(root: repo.path, paths: paths)
        let seen = claims.claims.map { "\($0.kind.rawValue) \($0.host) \($0.location)" }
        #expect(
            seen == [
                "applinks good.example ios/Entitlements.plist:2",
                "webcredentials good.example ios/Entitlements.plist:3",
                "applinks ios-only.example ios/Entitlements.plist:4",
                "android manifest.example android/AndroidManifest.xml:2",
                "android good.example android/MainActivity.cs:1", "android literal.example android/MainActivity.cs:4",
            ])
        #expect(claims.notes.contains { $0.contains("unverified.example") && $0.contains("autoVerify") })
        #expect(claims.notes.contains { $0.contains("DataHost = Config.Elsewhere") })
        let checks = claims.checks(webHost: "good.example")
        #expect(checks.contains { $0.name == "claims.platforms" && $0.reason.contains("applinks ios-only.example") })
        #expect(checks.contains { $0.name == "claims.platforms" && $0.reason.contains("android manifest.example") })
        #expect(
            checks.contains {
                $0.name == "claims.web-host" && $0.verdict == .warn && $0.reason.contains("literal.example")
            })
        // Checked for Android only, a host iOS alone claims is nobody's mismatch.
        let androidOnly = claims.checks(webHost: "good.example", platforms: [.android])
        #expect(!androidOnly.contains { $0.name == "claims.platforms" })
    }

    @Test func anAndroidOnlyRepositoryIsNoIOSAppThatForgotTheHost() {
        let repo = TemporaryFolder("android-only-claims")
        repo.write(
            "android/AndroidManifest.xml",
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity>
            <intent-filter android:autoVerify="true"><data android:scheme="https" android:host="good.example"/></intent-filter>
            </activity></application></manifest>
            """)
        let claims = RepositoryClaims.read(root: repo.path, paths: ["android/AndroidManifest.xml"])
        #expect(claims.claims.map(\.host) == ["good.example"])
        let checks = claims.checks(webHost: "good.example")
        #expect(!checks.contains { $0.name == "claims.platforms" }, "\(checks.map(\.reason))")
        #expect(checks.contains { $0.name == "claims.web-host" && $0.verdict == .pass })
    }
}
