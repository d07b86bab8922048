import Fingerprint
import Foundation
import RelopsCore

/// The signing keys the repository knows, for the release binaries' signer checks: every keystore
/// in the working tree (`*.jks`, `*.keystore`, `*.p12`, `*.pfx`) and the debug keystore, each opened
/// as `fingerprint rotate` opens them, PKCS#12 ones also with a literal `storePassword` a tracked
/// Gradle file states (`signingConfigs { release { storePassword "..." } }`). A password that comes
/// from a variable or the environment is never looked for.
enum ArtifactKnownKeys {
    /// The largest Gradle file searched for a password.
    static let gradleFileLimit = 1 << 20

    static func read(root: String, tracked: [String], debugKeystore: String?) -> KnownKeystores {
        KnownKeystores.find(
            root: root, debugKeystore: debugKeystore, passwords: storePasswords(root: root, tracked: tracked))
    }

    /// Literal `storePassword` values of the tracked Gradle files (Groovy and Kotlin DSL).
    static func storePasswords(root: String, tracked: [String]) -> [String] {
        let literal = BuiltInRegex(#"\bstorePassword\s*(?:=\s*)?(?:\(\s*)?["']([^"'$\n]+)["']"#)
        var out: [String] = []
        for path in tracked where path.hasSuffix(".gradle") || path.hasSuffix(".gradle.kts") {
            let text: String
            do {
                text = String(decoding: try RepositoryFile.read(path, in: root, limit: gradleFileLimit), as: UTF8.self)
            } catch {
                continue  // a Gradle file relops may not read states no password it can use
            }
            for match in literal.matches(in: text) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let password = String(text[range])
                if !out.contains(password) { out.append(password) }
            }
        }
        return out
    }
}
