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
    }
}
