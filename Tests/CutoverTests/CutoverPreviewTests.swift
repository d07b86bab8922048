import Cutover
import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// What the preview leaves alone or adds: e-mail addresses, the host family (`--subdomains`),
/// elements that cover subdomains, and provider redirect URIs.
@Suite struct CutoverPreviewTests {
    func familyRepository() -> GitFixture {
        let repo = GitFixture("family")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write(
            "android/app/src/main/res/xml/network_security_config.xml",
            "<domain-config><domain includeSubdomains=\"true\">host.com</domain></domain-config>\n")
        repo.write(
            "android/app/src/main/java/Api.kt",
            "const val API = \"https://api.host.com/v1\"\nconst val VAULT = \"https://Vault.host.com\"\n")
        repo.write("README.md", "Write to support@host.com or see https://host.com.\n")
        repo.commit("family")
        return repo
    }

    func planOf(_ repo: GitFixture, _ options: CutoverOptions = CutoverOptions()) throws -> CutoverPlan {
        try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org", options: options)
    }

    @Test func eMailAddressesAreLeftAloneUnlessIncluded() throws {
        let repo = familyRepository()
        let plain = try planOf(repo)
        #expect(!plain.edits.contains { $0.encoding == .email })
        #expect(
            plain.notRewritten.map(\.reason).contains {
                $0.contains("e-mail address") && $0.contains("--include-email")
            })
        let with = try planOf(repo, CutoverOptions(includeEmail: true))
        #expect(with.edits.filter { $0.encoding == .email }.map(\.path) == ["README.md"])
        #expect(with.notRewritten.isEmpty)
    }

    @Test func theApplyLeavesTheEMailAndStillProvesTheHostGone() throws {
        let repo = familyRepository()
        let project = try Project(path: repo.root)
        let thePlan = try planCutover(project, from: "host.com", to: "example.org")
        let outcome = try applyCutover(project, thePlan, ApplyOptions(), lock: try locked(project))
        #expect(outcome.journal.state == .applied)
        #expect(repo.readText("README.md") == "Write to support@host.com or see https://example.org.\n")
    }

    @Test func aFediverseHandleIsRewrittenWhileAnEMailAddressIsLeftAlone() throws {
        let repo = GitFixture("fediverse")
        repo.write("README.md", "Follow @alice@host.com, mail alice@host.com.\n")
        repo.write("web/links.js", "const up = `https://${region}.host.com`;\n")
        repo.commit("handles")
        let project = try Project(path: repo.root)
        let thePlan = try planCutover(project, from: "host.com", to: "example.org")
        #expect(thePlan.edits.map(\.encoding) == [.profile])
        #expect(thePlan.notRewritten.map(\.reason).allSatisfy { $0.hasPrefix("e-mail address") })
        #expect(thePlan.notRewritten.count == 1)
        // The name a template builds is another host: left alone, like `staging.host.com`.
        #expect(thePlan.related.map(\.found) == ["${region}.host.com"])
        // ... and part of the host family: `--subdomains` rewrites the template like `staging.host.com`.
        let family = try planCutover(
            project, from: "host.com", to: "example.org", options: CutoverOptions(subdomains: true))
        #expect(
            family.familyRenames.map { "\($0.old) -> \($0.new)" } == ["${region}.host.com -> ${region}.example.org"])
        #expect(family.edits.map(\.newText) == ["example.org", "${region}.example.org"])
        _ = try applyCutover(project, thePlan, ApplyOptions(), lock: try locked(project))
        #expect(repo.readText("README.md") == "Follow @alice@example.org, mail alice@host.com.\n")
        #expect(repo.readText("web/links.js") == "const up = `https://${region}.host.com`;\n")
    }

    @Test func withoutSubdomainsTheFamilyStaysAndTheIncludeSubdomainsElementWarns() throws {
        let repo = familyRepository()
        let thePlan = try planOf(repo)
        #expect(Set(thePlan.related.map(\.found)) == ["api.host.com", "vault.host.com"])
        #expect(thePlan.familyRenames.isEmpty)
        let warning = try #require(thePlan.subdomainWarnings.first)
        #expect(warning.path == "android/app/src/main/res/xml/network_security_config.xml" && warning.line == 1)
        #expect(warning.remaining == ["api.host.com", "vault.host.com"])
    }

    @Test func withSubdomainsEveryStarDotOldNameIsRewrittenAndNothingWarns() throws {
        let repo = familyRepository()
        let project = try Project(path: repo.root)
        let thePlan = try planCutover(
            project, from: "host.com", to: "example.org", options: CutoverOptions(subdomains: true))
        #expect(
            thePlan.familyRenames.map { "\($0.old)->\($0.new)" } == [
                "api.host.com->api.example.org", "vault.host.com->vault.example.org",
            ])
        #expect(thePlan.related.isEmpty)
        #expect(thePlan.subdomainWarnings.isEmpty)
        _ = try applyCutover(project, thePlan, ApplyOptions(), lock: try locked(project))
        #expect(
            repo.readText("android/app/src/main/java/Api.kt")
                == "const val API = \"https://api.example.org/v1\"\nconst val VAULT = \"https://Vault.example.org\"\n")
    }

    @Test func redirectURIsBecomeAFollowUpBeforeTheSwitch() throws {
        let repo = GitFixture("oauth")
        repo.write("Identity/Identity.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Web\"></Project>\n")
        repo.write(
            "Identity/appsettings.json",
            "{ \"OAuth\": { \"UIBaseUrl\": \"https://host.com\" },\n  \"Google\": \"https://host.com/signin-google\" }\n"
        )
        repo.commit("oauth")
        let thePlan = try planOf(repo)
        #expect(thePlan.redirectURIs.map(\.new) == ["https://example.org", "https://example.org/signin-google"])
        let first = try #require(thePlan.followUps.first)
        #expect(first.title.contains("Register the new redirect URIs with each identity provider"))
        #expect(first.detail.contains("https://example.org/signin-google (was https://host.com/signin-google"))
    }

    @Test func aCommentIsRewrittenLikeDocumentation() throws {
        let repo = GitFixture("comment")
        repo.write("App/App.csproj", "<Project><PropertyGroup><UseMaui>true</UseMaui></PropertyGroup></Project>\n")
        repo.write("App/Links.cs", "// see host.com\nconst string H = \"host.com\";\n")
        repo.commit("comment")
        let thePlan = try planOf(repo)
        #expect(thePlan.edits.map(\.occurrenceClass) == [.comment, .binaryLiteral])
        // Only a comment changed: the step says so, and claims nothing about documentation or runbooks.
        let step = try #require(thePlan.followUps.first { $0.title == "Code comments changed" })
        #expect(step.detail == "Nothing ships from it: code comments in App/Links.cs now name example.org.")
        #expect(!thePlan.followUps.contains { $0.title == "Documentation changed" || $0.detail.contains("runbook") })
    }

    @Test func followUpsNameOnlyTheDocumentationThatChanged() throws {
        let repo = GitFixture("docs")
        repo.write("README.md", "Served at host.com.\n")
        repo.commit("readme")
        let readme = try planOf(repo).followUps
        #expect(readme.map(\.title) == ["Documentation changed"])
        #expect(readme.first?.detail == "Nothing ships from it: the documentation README.md now names example.org.")
        repo.write("Runbooks/release.md", "relops verify --host host.com\n")
        repo.commit("runbook")
        let both = try planOf(repo).followUps.first?.detail ?? ""
        #expect(
            both
                == "Nothing ships from it: the runbooks Runbooks/release.md now verify example.org instead of host.com; "
                + "the documentation README.md now names example.org.")
    }

    @Test func aKotlinMultiplatformSourceSetRebuildsTheAppsItShipsTo() throws {
        let repo = GitFixture("kmp-platforms")
        repo.write("shared/build.gradle.kts", "plugins { kotlin(\"multiplatform\") }\nkotlin { iosArm64() }\n")
        repo.write("shared/src/iosMain/kotlin/Api.kt", "val HOST = \"host.com\"\n")
        repo.write(
            "iosApp/iosApp.xcodeproj/project.pbxproj", "./gradlew :shared:embedAndSignAppleFrameworkForXcode\n")
        repo.commit("ios only")
        #expect(try planOf(repo).platformsToRebuild == [.iOS])
        repo.write("shared/src/commonMain/kotlin/Api.kt", "val HOST = \"host.com\"\n")
        repo.write(
            "androidApp/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\ndependencies { implementation(project(\":shared\")) }\n")
        repo.commit("common")
        #expect(try planOf(repo).platformsToRebuild == [.android, .iOS])
    }
}
