import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// Issue 38: the app's identity as the repository states it is read once per command. `verify`
/// takes one its caller read (`status` holds one against every host) instead of reading again.
@Suite struct RepositoryIdentityTests {
    @Test func verifyTakesTheIdentityItIsGivenInsteadOfReadingAgain() throws {
        let repo = LocalClaimsTests.staticGradleRepository(
            gradle: LocalClaimsTests.gradle(applicationId: "com.example.shop"), host: "shop.example.com")
        let project = try Project(path: repo.root)
        let identity = try RepositoryIdentity.read(project, config: project.config)
        #expect(identity.claims.claims.map(\.host) == ["shop.example.com"])
        #expect(identity.claimingApps().flatMap(\.ids) == ["com.example.shop"])

        // The repository changes after the identity was read: the given identity is the one used.
        repo.write("app/src/main/AndroidManifest.xml", LocalClaimsTests.manifest(host: "other.example.com"))
        repo.commit("another host")
        var arguments = VerifyArguments()
        arguments.host = try WebHost("shop.example.com", option: "--host")
        arguments.repo = repo.root
        arguments.offline = true
        arguments.identity = identity
        let given = try VerifyOptions.resolve(arguments)
        #expect(given.claims?.claims.map(\.host) == ["shop.example.com"])
        arguments.identity = nil
        let read = try VerifyOptions.resolve(arguments)
        #expect(read.claims?.claims.map(\.host) == ["other.example.com"])
    }
}
