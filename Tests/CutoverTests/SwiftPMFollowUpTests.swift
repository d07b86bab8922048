import Cutover
import RelopsCore
import Scan
import TestSupport
import Testing

/// The cutover checklist on a SwiftUI app on SwiftPM with a Vapor server (issue 29): the rebuild
/// names the app target whose files change and the App Clip it embeds, not the project's first
/// (preview) target; the redeploy names the Swift server.
@Suite struct SwiftPMFollowUpTests {
    @Test func rebuildNamesTheBuildingTargetAndItsClipAndRedeployNamesTheVaporServer() throws {
        let repo = GitFixture("spm-follow-up")
        func target(_ id: String, _ name: String, _ type: String, dependency: String = "", products: String = "")
            -> String
        {
            """
            \t\t\(id) = {isa = PBXNativeTarget; buildConfigurationList = L\(id); dependencies = (\(dependency)); packageProductDependencies = (\(products)); name = \(name); productType = "com.apple.product-type.\(type)"; };
            \t\tL\(id) = {isa = XCConfigurationList; buildConfigurations = (C\(id) /* Release */,); };
            \t\tC\(id) /* Release */ = {isa = XCBuildConfiguration; buildSettings = {CODE_SIGN_ENTITLEMENTS = \(name)/\(name).entitlements; }; name = Release; };

            """
        }
        let objects =
            target("AA01", "Preview", "application")
            + target("AA02", "Wallet", "application", dependency: "DD01", products: "PP01 /* AppFeature */")
            + target("AA03", "WalletClip", "application.on-demand-install-capable")
            + "\t\tDD01 = {isa = PBXTargetDependency; target = AA03 /* WalletClip */; };\n"
            + "\t\tPP01 = {isa = XCSwiftPackageProductDependency; productName = AppFeature; };\n"
        repo.write("Wallet.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\(objects)\t};\n}\n")
        repo.write("Wallet/Wallet.entitlements", "<array><string>applinks:host.com</string></array>\n")
        repo.write("WalletClip/WalletClip.entitlements", "<array><string>appclips:host.com</string></array>\n")
        repo.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Wallet", products: [.library(name: "AppFeature", targets: ["AppFeature"])],
                targets: [.target(name: "AppFeature")])
            """)
        repo.write("Sources/AppFeature/Links.swift", "let base = \"https://host.com/api\"\n")
        repo.write(
            "server/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "api", targets: [
                .executableTarget(name: "App", dependencies: [.product(name: "Vapor", package: "vapor")], resources: [.copy("Views")]),
            ])
            """)
        repo.write("server/Sources/App/Views/index.leaf", "<a href=\"https://host.com\">home</a>\n")
        repo.commit("spm")
        let plan = try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org")
        let rebuild = try #require(plan.followUps.first { $0.title.hasPrefix("Rebuild and resubmit") })
        #expect(rebuild.title.contains("iOS app `Wallet`"), "\(rebuild.title)")
        #expect(rebuild.title.contains("iOS App Clip `WalletClip`"), "\(rebuild.title)")
        #expect(!rebuild.title.contains("`Preview`"), "\(rebuild.title)")
        let redeploy = try #require(plan.followUps.first { $0.title.hasPrefix("Redeploy") })
        #expect(redeploy.title.contains("Swift (Vapor) server `server`"), "\(redeploy.title)")
    }
}
