import RelopsCore
import Testing
import Verify

@testable import Status

/// The "needs a person" lines: a failure the repository has (a claim, the OAuth leg) is found once
/// per host verified, and said once, naming both hosts.
@Suite struct StatusDisagreementTests {
    func host(_ name: String, _ role: String, _ checks: [Check], unchecked: [String] = []) throws -> HostStatus {
        var report = VerifyReport(checks: checks)
        report.unchecked = unchecked
        return HostStatus(
            found: StatusHost(address: try WebHost(name, option: "--host"), role: role, source: "--host"), counts: [],
            products: [], total: 0, afterCutover: nil, verify: report, verifyError: nil)
    }

    @Test func aFailureOfTheRepositoryIsSaidOnceNamingEveryHost() throws {
        let repositoryFailure = Check("oauth.allowlist", .fail, url: nil, "Production does not allow-list com.example")
        let unchecked = "could not check --fingerprint AA:BB: no package"
        let old = try host(
            "old.example", "old",
            [repositoryFailure, Check("assetlinks.status", .fail, url: "https://old.example/x", "HTTP 404")],
            unchecked: [unchecked])
        let new = try host("new.example", "new", [repositoryFailure], unchecked: [unchecked])
        let status = ReleaseStatus(hosts: [old, new], run: nil, local: false)
        #expect(
            status.disagreements == [
                "old.example, new.example: oauth.allowlist failed: Production does not allow-list com.example",
                "old.example: assetlinks.status failed: https://old.example/x: HTTP 404",
                "old.example, new.example: not checked: could not check --fingerprint AA:BB: no package",
            ])
    }
}
