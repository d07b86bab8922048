import Foundation
import TestSupport
import Testing

/// `relops cutover` preview flags: `--include-email`, `--subdomains`, and the warning for an
/// element that covers subdomains.
@Suite struct CutoverPreviewCommandTests {
    func repository() -> GitFixture {
        let repo = GitFixture("e2e-family")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write(
            "android/app/src/main/res/xml/network_security_config.xml",
            "<domain includeSubdomains=\"true\">host.com</domain>\n")
        repo.write("android/app/src/main/java/Api.kt", "const val API = \"https://api.host.com/v1\"\n")
        repo.write("README.md", "Mail support@host.com.\n")
        repo.commit("family")
        return repo
    }

    @Test func thePreviewWarnsNamesTheFamilyAndListsTheEMail() {
        let repo = repository()
        let plain = relops(["cutover", "--from", "host.com", "--to", "example.org"], in: repo.root)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(
            plain.stdout.contains(
                "warning: android/app/src/main/res/xml/network_security_config.xml:1: covers subdomains, but api.host.com stay on host.com"
            ))
        #expect(plain.stdout.contains("README.md:1: e-mail address: left alone (pass --include-email to rewrite it)"))
        #expect(plain.stdout.contains("== related hosts left alone: api.host.com"))

        let family = relops(
            ["cutover", "--from", "host.com", "--to", "example.org", "--subdomains", "--include-email"], in: repo.root)
        #expect(family.status == 0, "\(family.stderr)")
        #expect(family.stdout.contains("== host family rewritten (--subdomains):\n  api.host.com -> api.example.org"))
        #expect(family.stdout.contains("+Mail support@example.org."))
        #expect(!family.stdout.contains("warning:"))
        #expect(repo.readText("README.md") == "Mail support@host.com.\n")  // a preview writes nothing
    }

    @Test func theJSONPlanCarriesTheNewFields() throws {
        let repo = repository()
        let result = relops(
            ["cutover", "--from", "host.com", "--to", "example.org", "--subdomains", "--format", "json"], in: repo.root)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["subdomains"] as? Bool == true && object["include_email"] as? Bool == false)
        let renames = try #require(object["family_renames"] as? [[String: String]])
        #expect(renames == [["old": "api.host.com", "new": "api.example.org"]])
        #expect((object["subdomain_warnings"] as? [Any])?.isEmpty == true)
        #expect(object["redirect_uris"] is [Any])
        let edits = try #require(object["edits"] as? [[String: Any]])
        #expect(edits.contains { $0["old"] as? String == "api.host.com" && $0["new"] as? String == "api.example.org" })
        // Each edit names the products that carry it: here the Android app of `android/app`.
        #expect(edits.count == 2 && edits.allSatisfy { $0["products"] as? [String] == ["app"] })
    }

    @Test func thePreviewOpensWithASummaryAndStatPrintsOnlyTheSummary() throws {
        let repo = repository()
        let hosts = ["--from", "host.com", "--to", "example.org"]
        let plain = relops(["cutover"] + hosts, in: repo.root)
        #expect(plain.status == 0, "\(plain.stderr)")
        let lines = plain.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Answer first: the verdict and totals, then the summary.
        #expect(
            lines.first
                == "Preview: host.com -> example.org, 1 occurrence(s) in 1 file(s) (binary-config 1). Nothing was written; add --apply."
        )
        #expect(lines[1] == "== summary: host.com -> example.org (preview, nothing written)")
        let stillToDo = try #require(lines.firstIndex(of: "== still to do, in this order:"))
        let summaryEnd = try #require(lines.firstIndex(of: ""))
        let diffStart = try #require(lines.firstIndex { $0.hasPrefix("--- a/") })
        #expect(summaryEnd < stillToDo && stillToDo < diffStart)
        let summary = lines[..<summaryEnd].joined(separator: "\n")
        #expect(summary.contains("to rewrite: 1 occurrence in 1 file\n  by class:\n    binary-config  1 in 1 file"))
        #expect(summary.contains("\n  per product:\n    Android app `app`  1 in 1 file  (binary-config 1)\n"))
        #expect(summary.contains("  e-mail addresses: 1 in 1 file; a cutover leaves mailboxes alone"))
        #expect(summary.contains("  related hosts: 1 in 1 file (api.host.com); other hosts"))
        #expect(summary.contains("  untracked and ignored files: never scanned, never rewritten"))

        // `--preview` and the `preview` subcommand are the same preview; `--stat` stops after the summary.
        #expect(relops(["cutover", "--preview"] + hosts, in: repo.root).stdout == plain.stdout)
        #expect(relops(["cutover", "preview"] + hosts, in: repo.root).stdout == plain.stdout)
        let stat = relops(["cutover", "preview", "--stat"] + hosts, in: repo.root)
        #expect(stat.status == 0, "\(stat.stderr)")
        #expect(stat.stdout == lines[..<summaryEnd].joined(separator: "\n") + "\n")

        let json = relops(["cutover", "--stat", "--format", "json"] + hosts, in: repo.root)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["edits"] == nil && object["applied"] as? Bool == false)
        let counts = try #require(object["summary"] as? [String: Any])
        #expect(counts["occurrences"] as? Int == 1 && counts["files"] as? Int == 1)
        let byClass = try #require(counts["by_class"] as? [[String: Any]])
        #expect(byClass.map { $0["name"] as? String } == ["binary-config"])
        let byProduct = try #require(counts["by_product"] as? [[String: Any]])
        #expect(byProduct.map { $0["name"] as? String } == ["app"])
        #expect(
            byProduct.first?["kind"] as? String == "app"
                && byProduct.first?["file"] as? String == "android/app/build.gradle")
        #expect(byProduct.first?["classes"] as? [String: Int] == ["binary-config": 1])
        let left = try #require(counts["left_alone"] as? [[String: Any]])
        #expect(left.map { $0["kind"] as? String } == ["email", "related", "untracked"])
        #expect(repo.readText("README.md") == "Mail support@host.com.\n")
    }

    @Test func cutoverPreviewIsASubcommandAndAnUnknownWordIsRefusedWithAHint() {
        let repo = repository()
        let help = relops(["cutover", "preview", "--help"], in: repo.root)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: relops cutover preview [--repo PATH] [--from H] [--to H]"))
        #expect(!help.stdout.contains("\n  --apply"))

        let typo = relops(["cutover", "previw", "--from", "host.com", "--to", "example.org"], in: repo.root)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown subcommand 'previw' for 'relops cutover' (did you mean 'preview'?)"))
        // `--help` after an unknown word no longer shows the general help with exit 0.
        let unknown = relops(["cutover", "show", "--help"], in: repo.root)
        #expect(unknown.status == 2 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("unknown subcommand 'show' for 'relops cutover' (its subcommands: preview"))

        let apply = relops(
            ["cutover", "preview", "--from", "host.com", "--to", "example.org", "--apply"], in: repo.root)
        #expect(apply.status == 2 && apply.stderr.contains("unknown option '--apply' for 'relops cutover preview'"))
        let both = relops(
            ["cutover", "--preview", "--apply", "--from", "host.com", "--to", "example.org"], in: repo.root)
        #expect(both.status == 2 && both.stderr.contains("--preview and --apply exclude each other"))
        #expect(repo.readText("android/app/src/main/res/xml/network_security_config.xml").contains("host.com"))
    }
}
