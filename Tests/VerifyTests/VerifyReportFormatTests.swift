import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// The bytes of a verify report's JSON (the part `verify --format json` ends with and `status`
/// gives each host as `served`), against goldens recorded from the hand-built writer before the
/// report became `Codable`: every verdict, a host not reached, evidence, demands not checked.
@Suite struct VerifyReportFormatTests {
    /// Every kind of line: each verdict, a URL or none, a host not reached, evidence, and text
    /// that needs escaping.
    static func everyKind(allowUnchecked: Bool) -> VerifyReport {
        var report = VerifyReport(checks: [
            Check("assetlinks.status", .pass, url: "https://app.example.com/.well-known/assetlinks.json", "200 OK"),
            Check(
                "aasa.paths", .warn, url: "https://app.example.com/.well-known/apple-app-site-association", "no \"/*\""),
            Check(
                "assetlinks.fetch", .fail, url: "https://down.example.com/.well-known/assetlinks.json",
                "could not connect\n(timed out)", unreachable: true),
            Check("dal", .skip, url: nil, "--offline: Google's Digital Asset Links API not asked"),
            Check(
                "claims.host", .pass, url: nil, "Ünïcode\ttab and a backslash \\",
                evidence: ["App/Info.plist:7", "App/appsettings.json:3"]),
        ])
        report.unchecked = ["could not check app.android.package: assetlinks.fetch failed"]
        report.allowUnchecked = allowUnchecked
        return report
    }

    func rendered(_ report: VerifyReport) throws -> String {
        try JSONValueEncoder().text(report, "the report")
    }

    @Test func everyKindOfCheckIsWrittenAsBefore() throws {
        expectGolden(
            try rendered(Self.everyKind(allowUnchecked: false)), at: "Tests/Golden/VerifyTests/report-every-kind.json")
        expectGolden(
            try rendered(Self.everyKind(allowUnchecked: true)), at: "Tests/Golden/VerifyTests/report-allowed.json")
    }

    @Test func anEmptyReportIsWrittenAsBefore() throws {
        expectGolden(try rendered(VerifyReport()), at: "Tests/Golden/VerifyTests/report-empty.json")
    }
}
