import RelopsCore
import Scan
import TestSupport
import Testing

/// SwiftUI apps on SwiftPM (issue 29): Xcode `packageProductDependencies` reach local and root
/// packages through their products and targets; a placeholder `Package.swift` never hides the
/// Xcode project; a Swift server is an executable target on a server framework, with its resources.
@Suite struct SwiftPMTests {
    func rule(_ result: ScanResult, _ path: String) -> String { result.occurrence(path)?.rule ?? "(no occurrence)" }
    func ruleID(_ result: ScanResult, _ path: String) -> String { result.occurrence(path)?.ruleID ?? "(none)" }
    func products(_ result: ScanResult, _ path: String) -> [String] {
        result.occurrence(path)?.products.map(\.name) ?? []
    }

    /// A `project.pbxproj` with the app targets and the Swift package products they take.
    static func pbxproj(targets: [(name: String, type: String)], products: [String], local: String? = nil) -> String {
        var objects = ""
        for (n, target) in targets.enumerated() {
            objects += """
                		T\(n) = {isa = PBXNativeTarget; name = \(target.name); productType = "com.apple.product-type.\(target.type)"; };

                """
        }
        for (n, product) in products.enumerated() {
            let package = local.map { " package = L1 /* XCLocalSwiftPackageReference \"\($0)\" */;" } ?? ""
            objects +=
                "\t\tP\(n) /* \(product) */ = {isa = XCSwiftPackageProductDependency;\(package) productName = \(product); };\n"
        }
        if let local {
            objects += "\t\tL1 = {\n\t\t\tisa = XCLocalSwiftPackageReference;\n\t\t\trelativePath = \(local);\n\t\t};\n"
        }
        return "// !$*UTF8*$!\n{\n\tobjects = {\n\(objects)\t};\n}\n"
    }

    @Test func anXcodeAppTakesTheRootPackagesProductsAndTheirTargetClosure() throws {
        let repo = GitFixture("spm-root")
        repo.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Wallet",
                products: [.library(name: "AppFeature", targets: ["AppFeature"])],
                targets: [
                    .target(name: "AppFeature", dependencies: ["ApiClient", .product(name: "Collections", package: "swift-collections")]),
                    .target(name: "ApiClient", resources: [.process("Resources")]),
                    .target(name: "Admin", path: "Modules/Admin"),
                    .testTarget(name: "AppFeatureTests", dependencies: ["AppFeature"]),
                ]
            )
            """)
        repo.write("Sources/AppFeature/Links.swift", "let host = \"host.com\"\n")
        repo.write("Sources/ApiClient/Client.swift", "let base = \"https://host.com/api\"\n")
        repo.write("Sources/ApiClient/Resources/endpoints.json", "{\"base\": \"https://host.com\"}\n")
        repo.write("Tests/AppFeatureTests/LinksTests.swift", "let host = \"host.com\"\n")
        repo.write("Modules/Admin/Admin.swift", "let host = \"host.com\"\n")
        repo.write(
            "App/Wallet.xcodeproj/project.pbxproj",
            Self.pbxproj(targets: [("Wallet", "application")], products: ["AppFeature"]))
        repo.write("App/Wallet/Wallet.entitlements", "<string>applinks:host.com</string>\n")
        repo.commit("spm-root")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["Sources/AppFeature/Links.swift", "Sources/ApiClient/Client.swift"] {
            #expect(result.classOf(path) == .binaryLiteral, "\(path): \(rule(result, path))")
            #expect(ruleID(result, path) == "library.referenced-by-app", "\(path)")
            #expect(rule(result, path).contains("Package.swift <- App/Wallet.xcodeproj"), "\(path)")
            #expect(products(result, path) == ["Wallet"], "\(path)")
        }
        #expect(result.classOf("Sources/ApiClient/Resources/endpoints.json") == .binaryConfig)
        // A target no product the app takes reaches is not in the app.
        #expect(result.classOf("Modules/Admin/Admin.swift") == .other)
        #expect(ruleID(result, "Modules/Admin/Admin.swift") == "swiftpm.target-not-in-product")
        #expect(rule(result, "Modules/Admin/Admin.swift").contains("target Admin of Package.swift"))
        #expect(result.classOf("Tests/AppFeatureTests/LinksTests.swift") == .test)
        #expect(result.classOf("App/Wallet/Wallet.entitlements") == .binaryLiteral)
        #expect(products(result, "App/Wallet/Wallet.entitlements") == ["Wallet"])
    }

    /// A manifest that lists its public targets once, in a constant its products name.
    @Test func productsThatNameTheManifestsOwnConstantsTakeTheirTargets() throws {
        let repo = GitFixture("spm-constants")
        repo.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let publicTargets = [
                "Core",
                "UI",
            ]
            let extraTargets: [String] = ["Extras"]

            let package = Package(
                name: "Kit",
                products: [
                    .library(name: "Kit", targets: publicTargets),
                    .library(name: "KitDynamic", type: .dynamic, targets: publicTargets + extraTargets),
                ],
                targets: [
                    .target(name: "Core"), .target(name: "UI"), .target(name: "Extras"), .target(name: "Admin"),
                ]
            )
            """)
        for target in ["Core", "UI", "Extras", "Admin"] {
            repo.write("Sources/\(target)/\(target).swift", "let host = \"host.com\"\n")
        }
        repo.write(
            "App/Shop.xcodeproj/project.pbxproj",
            Self.pbxproj(targets: [("Shop", "application")], products: ["KitDynamic"]))
        repo.commit("constants")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for target in ["Core", "UI", "Extras"] {
            let path = "Sources/\(target)/\(target).swift"
            #expect(result.classOf(path) == .binaryLiteral, "\(path): \(rule(result, path))")
            #expect(products(result, path) == ["Shop"], "\(path)")
        }
        #expect(ruleID(result, "Sources/Admin/Admin.swift") == "swiftpm.target-not-in-product")

        // A product whose targets come from a call this reader cannot follow decides nothing.
        repo.write(
            "Package.swift",
            """
            import PackageDescription
            func targets() -> [String] { ["Core"] }
            let package = Package(
                name: "Kit", products: [.library(name: "KitDynamic", targets: targets())],
                targets: [.target(name: "Core"), .target(name: "Admin")])
            """)
        repo.commit("a call")
        let unresolved = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(ruleID(unresolved, "Sources/Admin/Admin.swift") != "swiftpm.target-not-in-product")
        #expect(unresolved.classOf("Sources/Admin/Admin.swift") != .other)
    }

    @Test func anEmptyPlaceholderPackageNeverHidesTheXcodeProjectBesideIt() throws {
        let repo = GitFixture("spm-placeholder")
        repo.write(
            "Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Placeholder\", targets: [])\n"
        )
        repo.write(
            "Wallet.xcodeproj/project.pbxproj",
            Self.pbxproj(targets: [("Wallet", "application")], products: ["Kit"], local: "Packages/Kit"))
        repo.write("Wallet/Wallet.entitlements", "<string>applinks:host.com</string>\n")
        repo.write("Wallet/Links.swift", "let host = \"host.com\"\n")
        repo.write(
            "Packages/Kit/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])],
                targets: [.target(name: "Kit")])
            """)
        repo.write("Packages/Kit/Sources/Kit/Api.swift", "let host = \"host.com\"\n")
        repo.commit("spm-placeholder")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(products(result, "Wallet/Wallet.entitlements") == ["Wallet"])
        #expect(result.classOf("Wallet/Links.swift") == .binaryLiteral)
        #expect(products(result, "Wallet/Links.swift") == ["Wallet"], "\(rule(result, "Wallet/Links.swift"))")
        #expect(!rule(result, "Wallet/Links.swift").contains("Package.swift"))
        #expect(result.classOf("Packages/Kit/Sources/Kit/Api.swift") == .binaryLiteral)
        #expect(products(result, "Packages/Kit/Sources/Kit/Api.swift") == ["Wallet"])
    }

    @Test func aVaporExecutableTargetIsAServerWithItsResources() throws {
        let repo = GitFixture("vapor")
        repo.write(
            "server/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "api",
                dependencies: [.package(url: "https://github.com/vapor/vapor.git", from: "4.0.0")],
                targets: [
                    .executableTarget(
                        name: "App",
                        dependencies: [.product(name: "Vapor", package: "vapor")],
                        resources: [.copy("Views")]
                    ),
                    .testTarget(name: "AppTests", dependencies: [.target(name: "App")]),
                ]
            )
            """)
        repo.write("server/Sources/App/routes.swift", "let origin = \"https://host.com\"\n")
        repo.write("server/Sources/App/Views/index.leaf", "<a href=\"https://host.com\">home</a>\n")
        repo.write("server/Public/.well-known/security.txt", "Contact: mailto:security@host.com\n")
        repo.write("server/Tests/AppTests/RoutesTests.swift", "let origin = \"https://host.com\"\n")
        repo.commit("vapor")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["server/Sources/App/routes.swift", "server/Sources/App/Views/index.leaf"] {
            #expect(result.classOf(path) == .server, "\(path): \(rule(result, path))")
            #expect(products(result, path) == ["server"], "\(path)")
            #expect(result.occurrence(path)?.products.first?.description == "Swift (Vapor) server", "\(path)")
        }
        #expect(ruleID(result, "server/Sources/App/Views/index.leaf") == "swiftpm.server-package")
        #expect(result.classOf("server/Tests/AppTests/RoutesTests.swift") == .test)
    }
}
