import Foundation
import TestSupport
import Testing

/// `relops scan --after-cutover`: what remains of the old host, held against the applied cutover's
/// own rules (the check the domain cutover runbook makes after its apply).
@Suite struct ScanAfterCutoverTests {
    let old = "app.example.com"
    let new = "links.example.net"
    let zero = "binary=0,server=0,store-listing=0,docs=0,comment=0,repo-meta=0,test=0,other=0"

    func repository() -> GitFixture {
        let repo = GitFixture("after-cutover")
        repo.write(
            "web/appsettings.json", "{\n  \"BaseUrl\": \"https://\(old)/\",\n  \"Support\": \"help@\(old)\"\n}\n")
        repo.write("docs/contact.md", "Write to ops@\(old) or open https://\(old)/help.\n")
        repo.commit("web host")
        return repo
    }

    @Test func eMailAddressesTheCutoverLeavesAreNamedAndNotCounted() throws {
        let repo = repository()
        let apply = relops(["cutover", "--from", old, "--to", new, "--apply"], in: repo.root)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")

        // Without the cutover's rules, the e-mail addresses it left by design fail the expectation.
        let plain = relops(["scan", "--host", old, "--expect", zero], in: repo.root)
        #expect(plain.status == 1, "\(plain.stdout)\(plain.stderr)")

        let after = relops(["scan", "--host", old, "--after-cutover", "--expect", zero], in: repo.root)
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        #expect(after.stdout.contains("(\(old) -> \(new)): 2 (expected to remain, not counted)"))
        #expect(after.stdout.contains("web/appsettings.json:3:"))
        #expect(after.stdout.contains("docs/contact.md:1:"))
        #expect(after.stdout.contains("e-mail address: left alone (pass --include-email to rewrite it)"))
        #expect(after.stdout.contains("0 occurrences of \(old)"))

        let json = relops(["scan", "--host", old, "--after-cutover", "--format", "json"], in: repo.root)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let left = try #require((object["after_cutover"] as? [String: Any])?["left_on_purpose"] as? [[String: Any]])
        #expect(left.map { $0["encoding"] as? String } == ["email", "email"])
        #expect((object["occurrences"] as? [Any])?.isEmpty == true)

        // An occurrence the cutover should have rewritten still fails, named.
        repo.write("docs/late.md", "Added after the cutover: https://\(old)/late\n")
        repo.commit("late")
        let late = relops(["scan", "--host", old, "--after-cutover", "--expect", zero], in: repo.root)
        #expect(late.status == 1)
        #expect(late.stderr.contains("--expect: expected 0 docs occurrences, found 1"))
        #expect(late.stdout.contains("docs/late.md:1:"))
    }

    @Test func aCutoverThatRewroteEMailLeavesNoneExpected() {
        let repo = repository()
        let apply = relops(["cutover", "--from", old, "--to", new, "--apply", "--include-email"], in: repo.root)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        let after = relops(["scan", "--host", old, "--after-cutover", "--expect", zero], in: repo.root)
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        #expect(after.stdout.contains("(\(old) -> \(new)): 0 (expected to remain, not counted)"))
    }

    @Test func withoutAnAppliedCutoverItIsBadUsage() {
        let repo = repository()
        let none = relops(["scan", "--host", old, "--after-cutover"], in: repo.root)
        #expect(none.status == 2)
        #expect(
            none.stderr.contains(
                "--after-cutover: no applied cutover from \(old) in this repository (`relops cutover list` shows the cutovers)"
            ))
    }
}
