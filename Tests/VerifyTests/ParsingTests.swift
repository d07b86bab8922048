import Curl
import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// The pieces that need no server: JSON, fingerprints, inputs, repository claims.
@Suite struct ParsingTests {
    @Test func jsonReaderKeepsOrderAndRefusesJunk() throws {
        let value = try JSONReader.parse(Array(#"{"b": 1, "a": [true, null, -2.5e1, "\u00e9\ud83d\ude00"]}"#.utf8))
        #expect(value.objectPairs?.map(\.0) == ["b", "a"])
        #expect(value["a"]?.arrayValue?[3] == .string("é😀"))
        for junk in ["", "[1,]", "{\"a\" 1}", "01", "\"\\x\"", "[1] 2", String(repeating: "[", count: 100)] {
            #expect(throws: JSONSyntaxError.self, "\(junk)") { try JSONReader.parse(Array(junk.utf8)) }
        }
    }

    @Test func jsonComparisonIgnoresKeyOrderButNotValues() throws {
        let a = try JSONReader.parse(Array(#"{"x": 1, "y": [1, 2]}"#.utf8))
        let b = try JSONReader.parse(Array(#"{"y": [1, 2], "x": 1.0}"#.utf8))
        let c = try JSONReader.parse(Array(#"{"y": [1, 3], "x": 1}"#.utf8))
        #expect(a.sameJSON(as: b))
        #expect(a.differences(from: c, path: "$", limit: 3) == ["$.y[1]: 2 vs 3"])
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

    @Test func canonicalFingerprints() {
        #expect(CanonicalFingerprint.isCanonical(TestNginx.fingerprint))
        #expect(!CanonicalFingerprint.isCanonical(TestNginx.fingerprint.lowercased()))
        #expect(
            CanonicalFingerprint.canonical(TestNginx.fingerprint.lowercased().replacingOccurrences(of: ":", with: ""))
                == TestNginx.fingerprint)
        #expect(CanonicalFingerprint.canonical("AB:CD") == nil)
    }

    @Test func badInputsAreUsageErrors() throws {
        for host in ["bad host", "a.example:0", "a.example:x", ""] {
            var o = VerifyOptions(host: host)
            o.offline = true
            #expect(throws: Failure.self, "\(host)") { try Verifier.run(o) }
        }
        var o = VerifyOptions(host: "a.example")
        o.expectation.fingerprints = ["AB:CD"]
        #expect { try Verifier.run(o) } throws: {
            ($0 as? Failure)?.message.contains("not a SHA-256 fingerprint") == true
        }
        o = VerifyOptions(host: "a.example")
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
    }
}
