import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// An identity service in another repository: the allowlist is external, a state, not a failure.
@Suite struct OAuthExternalAllowlistTests {
    /// The MAUI app without its identity service: both heads register the scheme, no appsettings.
    func appWithoutIdentityService() -> MauiRepository {
        var repo = MauiRepository()
        repo.files[MauiRepository.identity] = nil
        return repo
    }

    @Test func anAppWithNoAllowlistInItsRepositoryIsNotCheckedHereNotFailed() throws {
        let checks = try appWithoutIdentityService().checks("oauth-no-allowlist")
        let allowListed = checks.named("oauth.allow-listed")
        #expect(allowListed.map(\.verdict) == [.skip], "\(checks.text)")
        let reason = try #require(allowListed.first?.reason)
        #expect(reason.hasPrefix("not checked here: no allowlist in this repository"), "\(reason)")
        #expect(reason.contains("app.oauth.allowlist: external"), "\(reason)")
        #expect(reason.contains("must allow-list atldevcon"), "\(reason)")
        #expect(checks.failed.isEmpty, "\(checks.text)")
    }

    @Test func relopsYMLSaysTheAllowlistIsExternal() throws {
        // The repository holds an allowlist that lacks the scheme, but .relops.yml says the one that
        // counts is elsewhere: it is not read, and nothing fails on it.
        var repo = MauiRepository(allowlist: ["other.scheme"])
        repo.files[".relops.yml"] = "app:\n  oauth:\n    allowlist: external\n"
        let config = try ProjectConfig.parse(repo.files[".relops.yml"]!, path: ".relops.yml")
        #expect(config.oauthAllowlist == "external")
        let checks = try repo.checks("oauth-external", config: config)
        let allowListed = checks.named("oauth.allow-listed")
        #expect(allowListed.map(\.verdict) == [.skip], "\(checks.text)")
        #expect(
            allowListed.first?.reason.contains(
                "not checked here: the allowlist is external (app.oauth.allowlist: external in .relops.yml)") == true,
            "\(checks.text)")
        #expect(checks.failed.isEmpty, "\(checks.text)")
    }

    @Test func theCommandDoesNotFailAnAppWhoseIdentityServiceLivesElsewhere() throws {
        var repo = appWithoutIdentityService()
        repo.files[".relops.yml"] = """
            app:
              web_host: nowhere.invalid
              android:
                fingerprints: Web/appsettings.json#AppAssociation:AndroidCertFingerprints
            """
        repo.files["Web/appsettings.json"] = CommandTests.appSettings
        let committed = repo.commit("oauth-no-allowlist-command")
        let result = relops(["verify", "--local"], in: committed.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("skip  oauth.allow-listed"), "\(result.stdout)")
        #expect(result.stdout.contains("not checked here: no allowlist in this repository"))
        #expect(!result.stdout.contains("FAIL"), "\(result.stdout)")
    }
}
