import RelopsCore

/// A target of a Swift package that the apps take products from, but that none of those
/// products reaches: the apps do not build it.
struct SwiftPackageTargetNoProductReaches: PathRule {
    static let id = "swiftpm.target-not-in-product"
    static let description =
        "a Swift package target that no product an app takes reaches is not built into it: check where it ships"
    static let classes: [OccurrenceClass] = [.other]
    static let example = RuleExample(
        [
            (
                "Package.swift",
                """
                let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])],
                    targets: [.target(name: "Kit"), .target(name: "Admin")])
                """
            ),
            (
                "App/App.xcodeproj/project.pbxproj",
                "{ objects = {\n P1 = {isa = XCSwiftPackageProductDependency; productName = Kit; };\n }; }\n"
            ),
            ("Sources/Kit/Kit.swift", #"let host = "app.example.com""#),
            ("Sources/Admin/Admin.swift", #"let host = "app.example.com""#),
        ], at: "Sources/Admin/Admin.swift")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.kind == .swiftPackage, owner.deploys == nil,
            let manifest = owner.swiftManifest, manifest.read, manifest.unresolvedProducts.isEmpty
        else { return nil }
        let relative = owner.relative(file.path)
        guard let target = manifest.target(holding: relative), target.kind != .test else { return nil }
        // Only when every app that takes the package names the products it takes.
        let productNames = Set(manifest.products.map(\.name))
        var taken: [String] = []
        for referrer in file.index.referrers(of: owner) {
            if referrer.references.contains(.path(owner.root)) || referrer.references.contains(.path(owner.file)) {
                return nil  // a local package reference: which products it takes is not read here
            }
            for case .named(let name) in referrer.references where name.hasPrefix("swift:") {
                let product = String(name.dropFirst("swift:".count))
                if productNames.contains(product) && !taken.contains(product) { taken.append(product) }
            }
        }
        guard !taken.isEmpty, !manifest.closure(of: taken).contains(where: { $0.name == target.name }) else {
            return nil
        }
        return (
            .other,
            "in target \(target.name) of \(owner.file), which no product the apps take (\(taken.joined(separator: ", "))) reaches: check where it ships"
        )
    }
}

/// A file of a Swift server package (an `executableTarget` on Vapor, Hummingbird, SwiftNIO HTTP,
/// swift-web): its sources and `resources:` deploy with the server, even inside an app's folder.
struct SwiftServerPackageFile: PathRule {
    static let id = "swiftpm.server-package"
    static let description =
        "a file of a Swift package whose executable target runs on a server framework is deployed with the server"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(
        [
            (
                "server/Package.swift",
                """
                let package = Package(name: "api", targets: [
                    .executableTarget(name: "App", dependencies: [.product(name: "Vapor", package: "vapor")])])
                """
            ),
            ("server/Sources/App/routes.swift", #"let origin = "https://app.example.com""#),
        ], at: "server/Sources/App/routes.swift")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.kind == .swiftPackage, let deploys = owner.deploys,
            !isDocument(file.lowerName)
        else { return nil }
        return (
            .server, "in the \(deploys) server package \(owner.file): deployed with the service, not a store release"
        )
    }
}

/// A target of a Swift server package that an app also builds: the library product an app takes
/// reaches it, so it ships in the app as well as deploying with the server.
struct SwiftTargetSharedWithApp: PathRule {
    static let id = "swiftpm.target-shared-with-app"
    static let description =
        "a target of a Swift server package that a product an app takes also reaches ships in the app, and deploys with the server"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .binaryConfig]
    static let example = RuleExample(
        [
            (
                "Package.swift",
                """
                let package = Package(name: "api", products: [.library(name: "Core", targets: ["Core"])],
                    targets: [.target(name: "Core"),
                        .executableTarget(name: "App", dependencies: ["Core", .product(name: "Vapor", package: "vapor")])])
                """
            ),
            (
                "iOS/Shop.xcodeproj/project.pbxproj",
                "{ objects = {\n P1 = {isa = XCSwiftPackageProductDependency; productName = Core; };\n }; }\n"
            ),
            ("Sources/Core/Links.swift", #"let host = "app.example.com""#),
        ], at: "Sources/Core/Links.swift")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.kind == .swiftPackage, let deploys = owner.deploys,
            let shipped = shippedWithApp(file.path, file.lowerName),
            let app = file.classifier.graph.appLinks(ofServerPackageFile: file.path, owner: owner).first,
            let target = owner.swiftManifest?.target(holding: owner.relative(file.path))
        else { return nil }
        return (
            shipped.0,
            "in target \(target.name) of the \(deploys) server package \(owner.file), which \(app.product.label) also builds (\(app.text(from: file.path))): \(shipped.1)"
        )
    }
}
