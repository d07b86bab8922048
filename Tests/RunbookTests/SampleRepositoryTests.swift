import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The demo's sample repository holds what the demo promises to show, and the demo's runs fit the
/// shipped runbooks. (`DemoCommandTests` runs the demo itself.)
@Suite(.relopsCommands) struct SampleRepositoryTests {
    func build() -> GitFixture { makeSampleRepository() }

    func line(_ text: String, _ number: Int) -> String {
        let lines = text.components(separatedBy: "\n")
        return number <= lines.count ? lines[number - 1] : ""
    }

    @Test func theHostLivesInTheThreeBinaryPlacesTheServerAndTheDocs() throws {
        let repo = build()
        let host = SampleRepository.oldHost
        let hits = repo.git("grep", "-n", "-F", host).split(separator: "\n").filter { !$0.contains("staging." + host) }
        let files = hits.map { String($0.split(separator: ":")[0]) }
        #expect(
            files == [
                ".relops.yml", "Docs/MobileReleaseRunbook.md", "Docs/MobileReleaseRunbook.md",
                "Source/Hosts/UI/App.UI.Web/appsettings.json",
                "Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs",
                "Source/Hosts/UI/App.UI/Platforms/iOS/Entitlements.plist", "Source/Hosts/UI/App.UI/appsettings.json",
            ])
        let counts = SampleRepository.expectedCounts
        #expect(counts.binary + counts.server + counts.docs + counts.other == files.count)
        #expect(
            repo.readText("Source/Hosts/UI/App.UI.Web/appsettings.json").contains(SampleRepository.servedFingerprint))
        #expect(
            repo.git("log", "--format=%s", "-1", "--", "Source/Hosts/UI/App.UI.Web/appsettings.json")
                == "Set the served fingerprint (#80)\n")
    }

    @Test func theADRAnchorsWereRightWhenWrittenAndLaterCommitsMovedTwo() throws {
        let repo = build()
        let adrCommit = "HEAD~3"
        func at(_ revision: String, _ path: String) -> String { repo.git("show", "\(revision):\(path)") }
        let program = "Source/Hosts/UI/App.UI.Web/Program.cs"
        let activity = "Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs"
        // As written (ADR-043's commit).
        #expect(line(at(adrCommit, program), 8).contains("MapAppAssociationEndpoints"))
        #expect(line(at(adrCommit, activity), 8).hasPrefix("[IntentFilter("))
        #expect(line(at(adrCommit, activity), 12).contains("AutoVerify = true)]"))
        #expect(line(at(adrCommit, activity), 16).contains("public const string PublicWebHost"))
        #expect(
            line(at(adrCommit, "Source/Hosts/UI/App.UI.Web/appsettings.json"), 4).contains("AndroidCertFingerprints"))
        #expect(line(at(adrCommit, "Source/Hosts/UI/App.UI/Platforms/iOS/Entitlements.plist"), 7).contains("applinks:"))
        #expect(line(at(adrCommit, "Source/Hosts/UI/App.UI/appsettings.json"), 3).contains("BaseUrl"))
        let adr = at(adrCommit, "Docs/adr/043-mobile-deep-links.md")
        for anchor in [
            "Program.cs:8`", "appsettings.json:4-6`", "MainActivity.cs:8-12`", "(:16)", "Entitlements.plist:7`",
            "appsettings.json:3`",
        ] {
            #expect(adr.contains(anchor), "\(anchor)")
        }
        // Now: #155 moved the association block three lines, #161 the host constant three lines.
        #expect(line(at("HEAD", program), 11).contains("MapAppAssociationEndpoints"))
        #expect(line(at("HEAD", activity), 19).contains("public const string PublicWebHost"))
        #expect(line(at("HEAD", activity), 8).hasPrefix("[IntentFilter("))
    }

    @Test func theNewCertificateHasTheNewFingerprint() throws {
        let folder = TemporaryFolder()
        folder.write("deployment_cert.pem", SampleRepository.newCertificatePEM)
        let result = runProcess(
            "openssl", ["x509", "-in", folder.url("deployment_cert.pem"), "-noout", "-fingerprint", "-sha256"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.uppercased() == "SHA256 FINGERPRINT=\(SampleRepository.newFingerprint)\n")
    }

    @Test func theDemoRunsFitTheShippedRunbooks() throws {
        for run in SampleRepository.runs(certificatePath: "/tmp/demo/deployment_cert.pem", verifyFlags: "--offline") {
            let book = try Runbook(contentsOf: packageRoot + "/Runbooks/\(run.runbook).md")
            _ = try RunVariables(runbook: book, config: [], overrides: run.vars)  // every variable known and given
            // The demo confirms exactly the steps that have something for a person to confirm and
            // that it does not skip (rollback steps do not apply in its runs).
            let skipped = try RunOptions.skips(run.skip).map(\.step)
            let needsPerson = book.steps.filter { step in
                step.condition != .rollback && !skipped.contains(String(step.number))
                    && step.actions.contains {
                        if case .confirmation(let item) = $0 { return !item.checkedInRunbook } else { return false }
                    }
            }.map { String($0.number) }
            #expect(run.confirm == needsPerson, "\(run.runbook)")
        }
    }
}
