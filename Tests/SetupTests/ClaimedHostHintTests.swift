import Foundation
import TestSupport
import Testing

/// Issue 38, case 3: a host no build file claims and no file holds is likelier a typo than a clean
/// repository. `scan` names the claimed hosts first (exit 0 stands: none is an answer, after a
/// cutover above all), `cutover --from` exits 1, `init --web-host` exits 2 unless `--force`.
@Suite struct ClaimedHostHintTests {
    let typo = "shop.example.co"
    let hint = "no build file claims shop.example.co; the apps claim shop.example.com ("

    @Test func scanSaysWhichHostTheAppsClaim() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let result = relops(["scan", "--host", typo], in: repo.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("0 occurrences of shop.example.co"))
        #expect(result.stderr.contains("relops scan: note: \(hint)"), "\(result.stderr)")
        #expect(result.stderr.contains("(did you mean shop.example.com?)"))
        // The claimed host itself, and a host with occurrences, get no note.
        let claimed = relops(["scan", "--host", "shop.example.com"], in: repo.root)
        #expect(!claimed.stderr.contains("note: no build file claims"), "\(claimed.stderr)")
        // A past revision is not held against today's claims.
        let past = relops(["scan", "--host", typo, "--rev", "HEAD"], in: repo.root)
        #expect(past.status == 0 && !past.stderr.contains("note: no build file claims"), "\(past.stderr)")
    }

    @Test func cutoverFromAHostNothingHoldsOrClaimsExitsOne() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let result = relops(["cutover", "--from", typo, "--to", "new.example.com"], in: repo.root)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("--from \(typo): no occurrence to rewrite, and \(hint)"), "\(result.stderr)")
        #expect(result.stderr.contains("(did you mean shop.example.com?)"))
    }

    @Test func initRefusesAnUnclaimedWebHostUnlessForced() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let refused = relops(["init", "--print", "--web-host", typo], in: repo.root)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("--web-host \(typo): \(hint)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("pass --force to write it anyway"))
        let forced = relops(["init", "--print", "--web-host", typo, "--force"], in: repo.root)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("web_host: \"\(typo)\""), "\(forced.stdout)")
    }
}
