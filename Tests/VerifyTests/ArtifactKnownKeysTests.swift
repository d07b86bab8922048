import TestSupport
import Testing

@testable import Verify

/// The literal `storePassword` values of tracked Gradle files open the repository's PKCS#12
/// keystores for the release binaries' signer check; a password from a variable is never guessed.
@Suite struct ArtifactKnownKeysTests {
    @Test func literalStorePasswordsOfGroovyAndKotlinGradleFilesAreRead() {
        let repo = GitFixture("known-keys")
        repo.write(
            "android/app/build.gradle",
            "signingConfigs {\n  release {\n    storePassword 'groovy-pass'\n  }\n  other { storePassword \"$envPass\" }\n}\n"
        )
        repo.write(
            "android/lib/build.gradle.kts", "signingConfigs { create(\"r\") { storePassword = \"kotlin-pass\" } }\n")
        repo.commit("gradle")
        let passwords = ArtifactKnownKeys.storePasswords(
            root: repo.root, tracked: ["android/app/build.gradle", "android/lib/build.gradle.kts"])
        #expect(passwords == ["groovy-pass", "kotlin-pass"])
    }
}
