import RelopsCore
import Scan
import TestSupport
import Testing

/// The classes that keep `binary-*` and `server` honest: store listings, repository metadata,
/// CI that does not deploy, commit identities, and servers in other languages.
@Suite struct ClassTests {
    @Test func storeListingsRepositoryMetadataAndDeploymentsAreTold() throws {
        let repo = GitFixture("classes")
        let files: [(String, String, OccurrenceClass, String)] = [
            (
                "fastlane/metadata/android/en-US/full_description.txt", "Visit host.com", .storeListing,
                "fastlane/metadata/"
            ),
            ("metadata/en-US/full_description.txt", "host.com", .storeListing, "metadata/"),
            ("app/src/main/play/listings/en-US/full-description.txt", "host.com", .storeListing, "play/listings/"),
            (
                ".github/ISSUE_TEMPLATE/config.yml", "url: https://host.com/help", .repoMeta,
                "issue or pull request template"
            ),
            (".github/CODEOWNERS", "docs/host.com/ @team", .repoMeta, "CODEOWNERS"),
            (".github/FUNDING.yml", "custom: https://host.com/donate", .repoMeta, "FUNDING.yml"),
            (".github/dependabot.yml", "registries: { url: https://host.com }", .repoMeta, "bot"),
            (
                ".github/workflows/test.yml", "steps:\n  - run: curl https://host.com/health", .repoMeta,
                "does not deploy"
            ),
            (
                ".github/workflows/deploy.yml",
                "steps:\n  - uses: azure/webapps-deploy@v3\n    with: { url: https://host.com }", .server,
                "pipeline that deploys"
            ),
            ("server/Rocket.toml", "address = \"host.com\"", .server, "server configuration (rocket.toml)"),
            ("Fuzz/FuzzConfig/corpus/full.yml", "web_host: host.com", .other, "no product, deployment descriptor"),
            ("deploy/compose.yaml", "environment: [HOST=host.com]", .server, "deployment or server configuration"),
            ("server/templates/mail.hbs", "<a href=\"https://host.com\">", .server, "server template"),
            ("server/.env.example", "PUBLIC_URL=https://host.com", .server, "deployment or server configuration"),
            ("charts/api/values.yaml", "host: host.com", .server, "deployment or server configuration"),
        ]
        for (path, text, _, _) in files { repo.write(path, text + "\n") }
        repo.commit("classes")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for (path, _, cls, rule) in files {
            let o = try #require(result.occurrence(path), "\(path)")
            #expect(o.occurrenceClass == cls, "\(path): \(o.rule)")
            #expect(o.rule.contains(rule), "\(path): \(o.rule)")
        }
        let counts = Dictionary(uniqueKeysWithValues: result.counts.map { ($0.0.rawValue, $0.1) })
        #expect(counts["store-listing"] == 3 && counts["repo-meta"] == 5)
        #expect(try result.document.jsonText().contains("\"store-listing\": 3"))
    }

    @Test func aCommitIdentityInAReleaseWorkflowIsRepositoryMetadata() throws {
        let repo = GitFixture("identity")
        repo.write(
            ".github/workflows/release.yml",
            """
            jobs:
              release:
                steps:
                  - run: git config user.email "ci@host.com"
                  - run: ./deploy.sh https://host.com
            """)
        repo.commit("release")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.occurrences.map(\.occurrenceClass) == [.repoMeta, .server])
        #expect(result.occurrences.first?.rule.contains("commit identity") == true)
        #expect(result.occurrences.first?.encoding == .email)
    }

    @Test func includeSubdomainsIsMarkedOnTheElementAndTheHSTSHeader() throws {
        let repo = GitFixture("nsc")
        repo.write(
            "android/app/src/main/res/xml/network_security_config.xml",
            "<domain includeSubdomains=\"true\">host.com</domain>\n<domain>host.com</domain>\n")
        repo.write(
            "deploy/nginx.conf",
            "server_name host.com;\nadd_header Strict-Transport-Security \"max-age=63072000; includeSubDomains\";\n")
        repo.commit("nsc")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(
            result.occurrences.map { "\($0.path):\($0.line)" }.first
                == "android/app/src/main/res/xml/network_security_config.xml:1")
        #expect(result.occurrences.map(\.coversSubdomains) == [true, false, true])
    }
}
