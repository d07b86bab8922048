import RelopsCore
import Scan
import TestSupport
import Testing

/// One file, two products (issue 40, case 6): a Swift package whose Vapor executable target and
/// whose library product, which the iOS app takes, share a target.
@Suite struct SharedSwiftTargetTests {
    @Test func aTargetTheServerAndTheAppBothBuildNamesBothAndShipsInTheApp() throws {
        let repo = GitFixture("vapor-ios-monorepo")
        repo.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Notes",
                platforms: [.macOS(.v13), .iOS(.v16)],
                products: [
                    .library(name: "NotesCore", targets: ["NotesCore"]),
                ],
                dependencies: [
                    .package(url: "https://github.com/vapor/vapor.git", from: "4.92.0"),
                ],
                targets: [
                    .target(name: "NotesCore"),
                    .executableTarget(
                        name: "NotesServer",
                        dependencies: [
                            "NotesCore",
                            .product(name: "Vapor", package: "vapor"),
                        ]
                    ),
                    .testTarget(name: "NotesCoreTests", dependencies: ["NotesCore"]),
                ]
            )
            """)
        repo.write("Sources/NotesCore/Endpoints.swift", "public let apiBase = \"https://host.com/api\"\n")
        repo.write("Sources/NotesServer/configure.swift", "let allowedOrigin = \"https://host.com\"\n")
        repo.write("Tests/NotesCoreTests/EndpointsTests.swift", "let expected = \"https://host.com/api\"\n")
        repo.write(
            "iOS/Notes.xcodeproj/project.pbxproj",
            SwiftPMTests.pbxproj(targets: [("Notes", "application")], products: ["NotesCore"], local: ".."))
        repo.write("iOS/Notes/Notes.entitlements", "<string>applinks:host.com</string>\n")
        repo.commit("vapor and ios")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let shared = try #require(result.occurrence("Sources/NotesCore/Endpoints.swift"))
        #expect(shared.occurrenceClass == .binaryLiteral, "\(shared.ruleID): \(shared.rule)")
        #expect(shared.ruleID == "swiftpm.target-shared-with-app", "\(shared.rule)")
        #expect(Set(shared.products.map(\.kind)) == [.app, .server], "\(shared.products)")
        #expect(shared.products.contains { $0.name == "Notes" && $0.kind == .app }, "\(shared.products)")
        #expect(shared.rule.contains("NotesCore"), "\(shared.rule)")
        // The server's own target is the server's alone.
        let server = try #require(result.occurrence("Sources/NotesServer/configure.swift"))
        #expect(server.occurrenceClass == .server, "\(server.rule)")
        #expect(server.products.map(\.kind) == [.server], "\(server.products)")
        #expect(result.classOf("Tests/NotesCoreTests/EndpointsTests.swift") == .test)
    }
}
