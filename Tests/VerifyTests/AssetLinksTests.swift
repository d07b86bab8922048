import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// `/.well-known/assetlinks.json` against the fixtures nginx serves.
@Suite struct AssetLinksTests {
    @Test func goodFilesPassEveryCheck() throws {
        let report = try Verifier.run(try options("good"))
        #expect(!report.failed, "\(report.text)")
        #expect(report.failureCategory == nil)
        #expect(report.verdicts("assetlinks.grant") == [.pass])
        #expect(report.verdicts("assetlinks.fingerprint") == [.pass])
        #expect(report.named("assetlinks.status").first?.reason.contains("HTTP/2") == true, "\(report.text)")
        let url = try server().origin("good") + "/.well-known/assetlinks.json"
        #expect(report.named("assetlinks.status").first?.url == url)
    }

    @Test(arguments: [301, 302]) func aRedirectIsAFailureNamingTheLocation(status: Int) throws {
        let nginx = try server()
        let report = try Verifier.run(try options("redirect\(status)"))
        let check = try #require(report.named("assetlinks.status").first, "\(report.text)")
        #expect(check.verdict == .fail)
        #expect(
            check.reason.contains("HTTP \(status) redirect to \(nginx.origin("good"))/.well-known/assetlinks.json"),
            "\(check.reason)")
        // Not followed: nothing from good's file was read, so nothing about its statements is said.
        #expect(report.named("assetlinks.grant").isEmpty)
        #expect(report.named("assetlinks.format").isEmpty)
        #expect(report.named("aasa.status").first?.verdict == .fail)
        #expect(report.failureCategory == .checkFailed)
    }

    @Test func notFoundFails() throws {
        let report = try Verifier.run(try options("notfound"))
        #expect(report.named("assetlinks.status").first?.reason == "HTTP 404, expected 200")
        #expect(report.named("aasa.status").first?.verdict == .fail)
        #expect(report.failureCategory == .checkFailed)
    }

    @Test func anHTMLPageFailsOnTypeAndJSON() throws {
        let report = try Verifier.run(try options("html"))
        #expect(report.verdicts("assetlinks.content-type") == [.fail])
        #expect(report.named("assetlinks.content-type").first?.reason.contains("text/html") == true)
        #expect(report.named("assetlinks.json").first?.reason.contains("HTML") == true, "\(report.text)")
        // Apple only warns on the type, but the body must still be JSON.
        #expect(report.verdicts("aasa.content-type") == [.warn])
        #expect(report.verdicts("aasa.json") == [.fail])
    }

    @Test func aWrongContentTypeFailsForAndroidAndWarnsForApple() throws {
        let report = try Verifier.run(try options("wrongtype"))
        #expect(report.verdicts("assetlinks.content-type") == [.fail])
        #expect(report.named("assetlinks.content-type").first?.reason.contains("text/plain") == true)
        #expect(report.verdicts("aasa.content-type") == [.warn])
        #expect(!report.checks.contains { $0.name.hasPrefix("aasa") && $0.verdict == .fail }, "\(report.text)")
    }

    @Test func malformedJSONNamesLineAndColumn() throws {
        let report = try Verifier.run(try options("malformed"))
        let android = try #require(report.named("assetlinks.json").first)
        #expect(android.verdict == .fail)
        #expect(android.reason.hasPrefix("not valid JSON: 1:"), "\(android.reason)")
        #expect(report.verdicts("aasa.json") == [.fail])
    }

    @Test func aBodyOverTheCapFailsWithoutHanging() throws {
        let report = try Verifier.run(try options("oversize"))
        for name in ["assetlinks.fetch", "aasa.fetch"] {
            let check = try #require(report.named(name).first, "\(report.text)")
            #expect(check.verdict == .fail)
            #expect(check.reason.contains("over the cap"), "\(check.reason)")
            #expect(!check.unreachable)
        }
        #expect(report.named("aasa.fetch").first?.reason.contains("\(Verifier.appleBodyCap) bytes") == true)
        #expect(report.failureCategory == .checkFailed)
    }

    @Test func aWrongFingerprintFails() throws {
        let report = try Verifier.run(try options("wrongfp"))
        let check = try #require(report.named("assetlinks.fingerprint").first)
        #expect(check.verdict == .fail)
        #expect(check.reason.contains("does not list \(TestNginx.fingerprint)"))
        #expect(check.reason.contains("AA:BB:CC"))
    }

    @Test func aLowercaseFingerprintFailsAndSaysSo() throws {
        let report = try Verifier.run(try options("lowerfp"))
        #expect(
            report.named("assetlinks.fingerprint-form").first?.reason.contains("is not uppercase") == true,
            "\(report.text)")
        let check = try #require(report.named("assetlinks.fingerprint").first)
        #expect(check.verdict == .fail)
        #expect(check.reason.contains("not in the canonical form"))
    }

    @Test func aMissingFingerprintFails() throws {
        let report = try Verifier.run(try options("nofp"))
        #expect(report.named("assetlinks.fingerprint").first?.reason.contains("served: none") == true, "\(report.text)")
        #expect(report.verdicts("assetlinks.fingerprint") == [.fail])
    }

    @Test func aWrongPackageFailsNamingWhatIsGranted() throws {
        let report = try Verifier.run(try options("wrongpkg"))
        let check = try #require(report.named("assetlinks.grant").first)
        #expect(check.verdict == .fail)
        #expect(check.reason.contains("granted to: com.example.other"), "\(check.reason)")
    }

    @Test func anIncludeChainIsFollowed() throws {
        let nginx = try server()
        let report = try Verifier.run(try options("include"))
        #expect(report.verdicts("assetlinks.grant") == [.pass], "\(report.text)")
        #expect(report.verdicts("assetlinks.fingerprint") == [.pass])
        let included = report.named("assetlinks.include.status").compactMap(\.url)
        #expect(
            included == [
                nginx.origin("include") + "/.well-known/part1.json",
                nginx.origin("include") + "/.well-known/part2.json",
            ])
    }

    @Test func anIncludeLoopIsDetected() throws {
        let nginx = try server()
        let report = try Verifier.run(try options("loop"))
        let check = try #require(report.named("assetlinks.include").first, "\(report.text)")
        #expect(check.verdict == .fail)
        let a = nginx.origin("loop") + "/.well-known/assetlinks.json",
            b = nginx.origin("loop") + "/.well-known/loop-b.json"
        #expect(check.reason == "include loop: \(a) -> \(b) -> \(a)")
    }

    @Test func includesNestOnlySoDeep() throws {
        let report = try Verifier.run(try options("deep"))
        #expect(
            report.named("assetlinks.include").first?.reason.contains("deeper than \(Verifier.maxIncludeDepth)")
                == true,
            "\(report.text)")
        #expect(report.named("assetlinks.include.status").count == Verifier.maxIncludeDepth)
    }

    @Test func unknownFieldsAndDuplicatesAreWarnings() throws {
        let report = try Verifier.run(try options("badstatements"))
        let warnings = report.named("assetlinks.format").filter { $0.verdict == .warn }.map(\.reason)
        #expect(warnings.contains("statement [1] duplicates an earlier one"), "\(report.text)")
        #expect(warnings.contains("statement [2]: unknown field `note`"))
        #expect(!report.checks.contains { $0.name.hasPrefix("assetlinks") && $0.verdict == .fail }, "\(report.text)")
    }
}
