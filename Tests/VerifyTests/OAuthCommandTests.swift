import Foundation
import RelopsCore
import TestSupport
import Testing

/// The built `relops verify` with the OAuth callback leg: `--local` in a repository, `--format json`.
@Suite struct OAuthCommandTests {
    func repository(_ label: String, _ edit: (inout MauiRepository) -> Void = { _ in }) -> GitFixture {
        var repo = MauiRepository()
        repo.files[".relops.yml"] = """
            app:
              web_host: nowhere.invalid
              android:
                fingerprints: Web/appsettings.json#AppAssociation:AndroidCertFingerprints
            """
        repo.files["Web/appsettings.json"] = CommandTests.appSettings
        edit(&repo)
        return repo.commit(label)
    }

    @Test func localInARepositoryShowsTheLeg() throws {
        let repo = repository("oauth-local")
        let result = relops(["verify", "--local"], in: repo.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("pass  oauth.allow-listed"), "\(result.stdout)")
        #expect(result.stdout.contains("pass  oauth.callback"))
    }

    @Test func jsonCarriesEachCheckWithItsEvidence() throws {
        let repo = repository("oauth-json") {
            $0.files[MauiRepository.identity] = MauiRepository.settings(["other.scheme"])
        }
        let result = relops(["verify", "--local", "--repo", repo.root, "--format", "json"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let output = try json(result.stdout)
        let checks = output["checks"]?.arrayValue ?? []
        let failed = checks.filter { $0["check"] == .string("oauth.allow-listed") && $0["verdict"] == .string("fail") }
        #expect(failed.count == 2, "\(result.stdout)")
        let evidence = failed.first?["evidence"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(evidence.contains("\(MauiRepository.identity):4"), "\(evidence)")
        #expect(
            evidence.contains {
                $0.hasPrefix(MauiRepository.infoPlist) || $0.hasPrefix(MauiRepository.callbackActivity)
            })
    }

    @Test func aMalformedAllowlistSettingIsBadInput() throws {
        let repo = repository("oauth-bad") {
            $0.files[".relops.yml"] =
                ($0.files[".relops.yml"] ?? "") + "\n  oauth:\n    allowlist: Identity/appsettings.json\n"
        }
        let result = relops(["verify", "--local"], in: repo.root)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("app.oauth.allowlist \"Identity/appsettings.json\" needs the form path#Section:Key"))
    }
}
