import RelopsCore
import Scan
import TestSupport
import Testing

/// The product that owns a file of an Xcode project is the app target that builds it (issue 29):
/// its `CODE_SIGN_ENTITLEMENTS`, `INFOPLIST_FILE` or synchronized folder, not the first app target;
/// an App Clip's files ship with the clip and the app that embeds it.
@Suite struct XcodeTargetOwnershipTests {
    func products(_ result: ScanResult, _ path: String) -> [String] {
        result.occurrence(path)?.products.map(\.name).sorted() ?? ["(no occurrence)"]
    }

    /// A target with its configuration list, one Debug configuration and a synchronized folder.
    static func target(_ id: String, _ name: String, _ type: String, entitlements: String, dependsOn: String? = nil)
        -> String
    {
        let dependency = dependsOn.map { _ in "\n\t\t\t\tD\(id) /* PBXTargetDependency */," } ?? ""
        let dependencyObject =
            dependsOn.map {
                "\t\tD\(id) /* PBXTargetDependency */ = {\n\t\t\tisa = PBXTargetDependency;\n\t\t\ttarget = \($0) /* clip */;\n\t\t};\n"
            } ?? ""
        return """
            \t\t\(id) /* \(name) */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = L\(id) /* Build configuration list for PBXNativeTarget "\(name)" */;
            \t\t\tdependencies = (\(dependency)
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\tG\(id) /* \(name) */,
            \t\t\t);
            \t\t\tname = \(name);
            \t\t\tproductType = "com.apple.product-type.\(type)";
            \t\t};
            \t\tG\(id) /* \(name) */ = {
            \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
            \t\t\tpath = \(name);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tL\(id) /* Build configuration list */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tC\(id) /* Debug */,
            \t\t\t);
            \t\t};
            \t\tC\(id) /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tCODE_SIGN_ENTITLEMENTS = \(entitlements);
            \t\t\t\tINFOPLIST_FILE = "$(SRCROOT)/\(name)/Info.plist";
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.\(name);
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};

            """ + dependencyObject
    }

    @Test func theTargetWhoseSettingsNameAFileOwnsItAndAnAppClipShipsWithItsApp() throws {
        let repo = GitFixture("xcode-targets")
        let objects =
            Self.target(
                "AA01", "WalletPreview", "application", entitlements: "WalletPreview/WalletPreview.entitlements")
            + Self.target(
                "AA02", "Wallet", "application", entitlements: "Wallet/Wallet.entitlements", dependsOn: "AA03")
            + Self.target(
                "AA03", "WalletClip", "application.on-demand-install-capable",
                entitlements: "\"WalletClip/WalletClip.entitlements\"")
        repo.write("Wallet.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\(objects)\t};\n}\n")
        for name in ["WalletPreview", "Wallet", "WalletClip"] {
            repo.write("\(name)/\(name).entitlements", "<string>applinks:host.com</string>\n")
            repo.write("\(name)/Info.plist", "<string>https://host.com</string>\n")
            repo.write("\(name)/Links.swift", "let host = \"host.com\"\n")
        }
        repo.write("Shared/Util.swift", "let host = \"host.com\"\n")
        repo.commit("xcode-targets")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(products(result, "Wallet/Wallet.entitlements") == ["Wallet"])
        #expect(result.classOf("Wallet/Wallet.entitlements") == .binaryLiteral)
        #expect(products(result, "Wallet/Info.plist") == ["Wallet"])
        #expect(products(result, "Wallet/Links.swift") == ["Wallet"])
        #expect(products(result, "WalletPreview/WalletPreview.entitlements") == ["WalletPreview"])
        #expect(products(result, "WalletClip/WalletClip.entitlements") == ["Wallet", "WalletClip"])
        #expect(products(result, "WalletClip/Links.swift") == ["Wallet", "WalletClip"])
        let clip = result.occurrence("WalletClip/Links.swift")?.products.first { $0.name == "WalletClip" }
        #expect(clip?.description == "iOS App Clip")
        // A file no target names stays with the project's first app target.
        #expect(products(result, "Shared/Util.swift") == ["WalletPreview"])
    }
}
