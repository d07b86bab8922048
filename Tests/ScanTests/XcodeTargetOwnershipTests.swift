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

    /// A classic project (no synchronized folders, as every project before Xcode 16): its
    /// groups, file references and each target's Sources and Resources build phases.
    static let classicProject = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tM0 = {isa = PBXGroup; children = (GS /* Shop */, GH /* Shared */, GE /* External */, ); sourceTree = "<group>"; };
        \t\tGS /* Shop */ = {isa = PBXGroup; children = (F1 /* AppDelegate.swift */, F2 /* DevOnly.swift */, V1 /* Main.storyboard */, ); path = Shop; sourceTree = "<group>"; };
        \t\tGH /* Shared */ = {isa = PBXGroup; children = (F3 /* Links.swift */, ); name = Shared; sourceTree = "<group>"; };
        \t\tGE /* External */ = {isa = PBXGroup; children = (F5 /* Vendor.swift */, ); name = External; sourceTree = "<group>"; };
        \t\tF1 /* AppDelegate.swift */ = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
        \t\tF2 /* DevOnly.swift */ = {isa = PBXFileReference; path = DevOnly.swift; sourceTree = "<group>"; };
        \t\tF3 /* Links.swift */ = {isa = PBXFileReference; path = "Common Code/Links.swift"; sourceTree = SOURCE_ROOT; };
        \t\tF4 /* Base */ = {isa = PBXFileReference; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
        \t\tF5 /* Vendor.swift */ = {isa = PBXFileReference; path = /opt/vendor/Vendor.swift; sourceTree = "<absolute>"; };
        \t\tV1 /* Main.storyboard */ = {isa = PBXVariantGroup; children = (F4 /* Base */, ); name = Main.storyboard; sourceTree = "<group>"; };
        \t\tB1 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* AppDelegate.swift */; };
        \t\tB2 /* Links.swift in Sources */ = {isa = PBXBuildFile; fileRef = F3 /* Links.swift */; };
        \t\tB3 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = V1 /* Main.storyboard */; };
        \t\tB4 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* AppDelegate.swift */; };
        \t\tB5 /* Links.swift in Sources */ = {isa = PBXBuildFile; fileRef = F3 /* Links.swift */; };
        \t\tB6 /* DevOnly.swift in Sources */ = {isa = PBXBuildFile; fileRef = F2 /* DevOnly.swift */; };
        \t\tB7 /* Vendor.swift in Sources */ = {isa = PBXBuildFile; fileRef = F5 /* Vendor.swift */; };
        \t\tP1 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (B1 /* AppDelegate.swift in Sources */, B2 /* Links.swift in Sources */, B7, ); };
        \t\tP2 /* Resources */ = {isa = PBXResourcesBuildPhase; files = (B3 /* Main.storyboard in Resources */, ); };
        \t\tP3 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (B4, B5, B6, ); };
        \t\tT1 /* Shop */ = {isa = PBXNativeTarget; buildPhases = (P1 /* Sources */, P2 /* Resources */, ); name = Shop; productType = "com.apple.product-type.application"; };
        \t\tT2 /* Shop Dev */ = {isa = PBXNativeTarget; buildPhases = (P3 /* Sources */, ); name = "Shop Dev"; productType = "com.apple.product-type.application"; };
        \t};
        \trootObject = R0;
        }

        """

    @Test func aClassicProjectsBuildPhasesSayWhichTargetsBuildAFile() throws {
        let repo = GitFixture("xcode-classic")
        repo.write("Shop.xcodeproj/project.pbxproj", Self.classicProject)
        repo.write("Shop/AppDelegate.swift", "let host = \"host.com\"\n")
        repo.write("Shop/DevOnly.swift", "let host = \"host.com\"\n")
        repo.write("Shop/Base.lproj/Main.storyboard", "<string>https://host.com</string>\n")
        repo.write("Common Code/Links.swift", "let host = \"host.com\"\n")
        repo.write("Shop/Unlisted.swift", "let host = \"host.com\"\n")
        repo.commit("classic")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(products(result, "Shop/AppDelegate.swift") == ["Shop", "Shop Dev"])
        // SOURCE_ROOT, and a path with a space.
        #expect(products(result, "Common Code/Links.swift") == ["Shop", "Shop Dev"])
        #expect(products(result, "Shop/DevOnly.swift") == ["Shop Dev"])
        #expect(products(result, "Shop/Base.lproj/Main.storyboard") == ["Shop"])  // through the variant group
        // A file no phase lists stays with the project's first app target.
        #expect(products(result, "Shop/Unlisted.swift") == ["Shop"])
    }
}
