import RelopsCore
import Scan
import TestSupport
import Testing

/// One file, two places (issue 40, case 6): a committed `Secrets.xcconfig.template` that the
/// bootstrap script copies into the git-ignored `Secrets.xcconfig` the app target is based on.
@Suite struct XcconfigTemplateTests {
    static let project = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tX1 /* Secrets.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Config/Secrets.xcconfig; sourceTree = "<group>"; };
        \t\tT1 /* Notes */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = CL1 /* Build configuration list for PBXNativeTarget "Notes" */;
        \t\t\tname = Notes;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tCL1 = {isa = XCConfigurationList; buildConfigurations = (C1 /* Release */, ); };
        \t\tC1 /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbaseConfigurationReference = X1 /* Secrets.xcconfig */;
        \t\t\tbuildSettings = {
        \t\t\t\tINFOPLIST_FILE = Notes/Info.plist;
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.notes;
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        \t};
        }
        """

    @Test func aTemplateTheBootstrapScriptCopiesIntoTheAppsXcconfigShipsInTheApp() throws {
        let repo = GitFixture("xcconfig-template")
        repo.write(".gitignore", "ios/Config/Secrets.xcconfig\n")
        repo.write("ios/Notes.xcodeproj/project.pbxproj", Self.project)
        repo.write(
            "ios/Notes/Info.plist", "<plist><dict><key>APIHost</key><string>$(API_HOST)</string></dict></plist>\n")
        repo.write("ios/Config/Secrets.xcconfig.template", "// Copied by scripts/bootstrap.sh\nAPI_HOST = host.com\n")
        repo.write(
            "scripts/bootstrap.sh",
            """
            #!/bin/sh
            set -e
            if [ ! -f ios/Config/Secrets.xcconfig ]; then
              cp ios/Config/Secrets.xcconfig.template ios/Config/Secrets.xcconfig
            fi
            """)
        repo.commit("template")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let o = try #require(result.occurrence("ios/Config/Secrets.xcconfig.template"))
        #expect(o.occurrenceClass.isBinary, "\(o.ruleID): \(o.rule)")
        #expect(o.ruleID == "xcconfig.copied-template", "\(o.rule)")
        #expect(o.products.map(\.name) == ["Notes"], "\(o.rule)")
        #expect(o.rule.contains("scripts/bootstrap.sh"), "\(o.rule)")
    }

    /// A template nothing copies is not taken for the app's settings.
    @Test func aTemplateNothingCopiesIsNotPlaced() throws {
        let repo = GitFixture("xcconfig-template-uncopied")
        repo.write("ios/Notes.xcodeproj/project.pbxproj", Self.project)
        repo.write("ios/Config/Secrets.xcconfig.template", "API_HOST = host.com\n")
        repo.commit("template")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.occurrence("ios/Config/Secrets.xcconfig.template")?.ruleID != "xcconfig.copied-template")
    }
}
