import Foundation
import TestSupport
import Testing

/// Issue 38, case 5: `app.platforms` in `.relops.yml` (what `relops init` writes) is taken as
/// `--platforms` is: an Android-only app's verify asks for no apple-app-site-association.
@Suite struct ConfiguredPlatformsTests {
    func repository(_ platforms: String) -> GitFixture {
        let repo = GitFixture("platforms")
        repo.write(
            ".relops.yml",
            "app:\n  web_host: app.example.com\n  platforms: \(platforms)\n  android:\n    package: com.example.app\n")
        repo.commit("config")
        return repo
    }

    @Test func theConfiguredPlatformsDecideWhichDocumentsAreAskedFor() {
        // Each fixture is held while its command runs: it removes its folder when released.
        let androidOnly = repository("[android]")
        let bothPlatforms = repository("[android, ios]")
        let android = relops(["verify", "--print-curl", "--offline"], in: androidOnly.root)
        #expect(android.status == 0, "\(android.stderr)")
        #expect(android.stdout.contains("/.well-known/assetlinks.json"), "\(android.stdout)")
        #expect(!android.stdout.contains("apple-app-site-association"), "\(android.stdout)")
        let both = relops(["verify", "--print-curl", "--offline"], in: bothPlatforms.root)
        #expect(both.stdout.contains("apple-app-site-association"), "\(both.stdout)")
        // The flag still decides over the file.
        let flag = relops(
            ["verify", "--print-curl", "--offline", "--platforms", "ios"], in: androidOnly.root)
        #expect(!flag.stdout.contains("assetlinks.json") && flag.stdout.contains("apple-app-site-association"))
    }

    @Test func anUnknownPlatformIsNamedWithItsLine() {
        let repo = repository("[android, windwos]")
        let result = relops(["verify", "--print-curl", "--offline"], in: repo.root)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(".relops.yml:3"), "\(result.stderr)")
        #expect(result.stderr.contains("unknown platform `windwos`"), "\(result.stderr)")
    }
}
