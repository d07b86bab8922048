import RelopsCore
import Scan
import TestSupport
import Testing

/// Host boundaries by the Public Suffix List, e-mail addresses and several hosts at once.
@Suite struct BoundaryTests {
    @Test func matchesCountOnlyAtLabelBoundariesAndRelatedNamesAreRealHosts() throws {
        let repo = GitFixture("psl")
        repo.write(
            "strings.txt",
            """
            1 host.company.com
            2 myhost.com
            3 host.com-webkluis
            4 staging.host.com
            5 host.com.evil.example
            6 preview-host.com
            7 host.com-x.example.org
            8 https://host.com/x
            9 host.com_backup
            """)
        repo.commit("psl")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        // A compound word (no public suffix `com-webkluis`) holds an occurrence; a longer label holds nothing.
        #expect(result.occurrences.map(\.line) == [3, 8, 9])
        #expect(result.occurrences.first?.found == "host.com")
        #expect(
            result.related.map(\.found) == [
                "staging.host.com", "host.com.evil.example", "preview-host.com", "host.com-x.example.org",
            ])
        #expect(result.related.map(\.line) == [4, 5, 6, 7])
    }

    @Test func eMailAddressesAreListedWithTheirOwnEncoding() throws {
        let repo = GitFixture("email")
        repo.write(
            "contacts.txt",
            """
            support@host.com
            mailto:first.last+tag@host.com
            https://user:secret@host.com/x
            ssh://git@host.com/repo.git
            see host.com
            git@host.com:org/app.git
            url = deploy@host.com:~/repos/app.git
            on call: ops@host.com: ask first
            """)
        repo.commit("email")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        // git's scp-like remotes (`user@host:path`) name a host to reach over SSH, not a mailbox.
        #expect(
            result.occurrences.map(\.encoding) == [.email, .email, .plain, .plain, .plain, .plain, .plain, .email])
        let json = try result.document.jsonText()
        #expect(json.contains("\"encoding\": \"email\""))
    }

    @Test func aFediverseHandleIsAProfileAddressNotAnEMailAddress() throws {
        let repo = GitFixture("fediverse")
        repo.write(
            "README.md",
            """
            Follow @alice@host.com on the Fediverse.
            Profile: https://mastodon.social/@alice_b@host.com
            WebFinger resource: acct:alice.b@host.com
            Mail alice@host.com or bob@alice@host.com
            """)
        repo.commit("handles")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        // `user@host` alone stays a mailbox; a handle's own `@` (or `acct:`) makes a profile address.
        #expect(result.occurrences.map(\.encoding) == [.profile, .profile, .profile, .email, .email])
        #expect(result.occurrences.map(\.line) == [1, 2, 3, 4, 4])
        #expect(try result.document.jsonText().contains("\"encoding\": \"profile\""))
    }

    @Test func aTemplatePlaceholderBeforeTheHostBuildsARelatedNameNotTheHost() throws {
        let repo = GitFixture("placeholders")
        repo.write(
            "src/names.txt",
            #"""
            format!("test{}.host.com", n)
            f"https://{env}.host.com/x"
            `https://${sub}.host.com`
            String.format("%s.host.com", sub)
            url: "{{ region }}.host.com"
            let u = "\(tenant).host.com"
            "{}host.com"
            [NSString stringWithFormat:@"%@-host.com", x]
            getString(R.string.url, "%1$s.host.com")
            "%(name)s.host.com" % values
            "#{sub}.host.com"
            see https://host.com/{id} and {https://host.com}
            \href{https://host.com}{host.com}
            """#)
        repo.commit("placeholders")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(
            result.related.map(\.found) == [
                "test{}.host.com", "{env}.host.com", "${sub}.host.com", "%s.host.com", "{{ region }}.host.com",
                #"\(tenant).host.com"#, "{}host.com", "%@-host.com", "%1$s.host.com", "%(name)s.host.com",
                "#{sub}.host.com",
            ])
        #expect(result.related.map(\.line) == Array(1...11))
        // A brace or a URL path after the host, and a LaTeX argument before it, leave it whole.
        #expect(result.occurrences.map(\.line) == [12, 12, 13, 13])
    }

    @Test func aNameThatIsItselfAScannedHostIsAnOccurrenceNeverRelated() throws {
        let repo = GitFixture("multi")
        repo.write("hosts.txt", "host.com\nvault.host.com\nx.vault.host.com\n")
        repo.commit("multi")
        let result = try scanRepository(repo.root, hosts: ["host.com", "vault.host.com"])
        #expect(result.occurrences.map { "\($0.host)@\($0.line)" } == ["host.com@1", "vault.host.com@2"])
        #expect(!result.related.contains { $0.found == "vault.host.com" })
        #expect(
            result.related.map { "\($0.host):\($0.found)" } == [
                "vault.host.com:x.vault.host.com", "host.com:x.vault.host.com",
            ])
    }

    @Test func aRedirectURIOnAVeryLongLineIsFoundInTheCutText() throws {
        let repo = GitFixture("long-line")
        let padding = String(repeating: "x", count: 300)
        repo.write("web/app.js", "const a = '\(padding)'; const b = 'https://host.com/signin-google'; // \(padding)\n")
        repo.commit("long line")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let occurrence = try #require(result.occurrences.first)
        #expect(occurrence.text.hasPrefix("…") && occurrence.text.hasSuffix("…"))
        #expect(occurrence.column == 334)
        #expect(occurrence.redirectURI == "https://host.com/signin-google")
    }

    @Test func redirectURIsThatHoldTheHostAreListed() throws {
        let repo = GitFixture("redirects")
        repo.write(
            "Identity/appsettings.json",
            """
            {
              "OAuth": { "UIBaseUrl": "https://host.com" },
              "Google": { "CallbackUrl": "https://host.com/signin-google" },
              "GitHub": "https://host.com/auth/oauth/github/callback",
              "Home": "https://host.com/home"
            }
            """)
        repo.write("web/login.js", "const u = 'https://id.example/authorize?redirect_uri=https://host.com/cb';\n")
        repo.commit("redirects")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(
            result.redirectURIs.map(\.redirectURI) == [
                "https://host.com", "https://host.com/signin-google", "https://host.com/auth/oauth/github/callback",
                "https://host.com/cb",
            ])
        #expect(try result.document.jsonText().contains("\"uri\": \"https://host.com/signin-google\""))
    }
}
