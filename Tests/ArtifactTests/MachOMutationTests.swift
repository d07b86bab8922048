import Foundation
import TestSupport
import Testing

@testable import Artifact

/// A small seeded fuzz: real inputs from the generator with a few bytes overwritten, thousands of
/// times. Each read must end in a value or an `ArtifactProblem`; a crash or a hang fails the run.
@Suite struct MachOMutationTests {
    /// SplitMix64, so a failure names a seed that repeats it.
    struct SeededBytes {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// `rounds` copies of `bytes`, each with one to four bytes overwritten by a value readers
    /// treat specially (0, 0x7F, 0x80, 0xFF) or a random one, passed to `read`.
    static func mutate(_ bytes: [UInt8], seed: UInt64, rounds: Int, read: ([UInt8]) throws(ArtifactProblem) -> Void) {
        var random = SeededBytes(state: seed)
        let special: [UInt8] = [0, 0x7F, 0x80, 0xFF]
        for _ in 0..<rounds {
            var copy = bytes
            for _ in 0...(random.next() % 4) {
                let at = Int(random.next() % UInt64(copy.count))
                let pick = random.next()
                copy[at] = pick % 2 == 0 ? special[Int((pick >> 1) % 4)] : UInt8(truncatingIfNeeded: pick >> 8)
            }
            do { try read(copy) } catch {}
        }
    }

    @Test func mutatedExecutablesNeverCrash() throws {
        let started = Date()
        for spec in [IPAFixture.slices(["arm64", "x86_64"]), IPAFixture.slices(["arm64"])] {
            // Mutate the headers and the signature, where the reader looks (a universal file: its
            // header, the first slice's header at 0x4000 and that slice's signature at 0x8000).
            let bytes = try IPAFixture.make("macho", spec)
            let thin = bytes.count < 0x8000
            let regions = thin ? [0..<128, 0x4000..<bytes.count] : [0..<64, 0x4000..<0x4080, 0x8000..<0x8080]
            for (index, region) in regions.enumerated() {
                Self.mutate(Array(bytes[region]), seed: UInt64(index), rounds: 1500) { part throws(ArtifactProblem) in
                    var copy = bytes
                    copy.replaceSubrange(region, with: part)
                    _ = try Entitlements.executable(copy, path: "App")
                }
            }
        }
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test func mutatedPropertyListsNeverCrash() {
        let python =
            "{'CFBundleIdentifier': 'org.example.app', 'n': [1, -5, 2**40, 2.5, True, b'xyz', 'é' * 3, {}, []], "
            + "'when': __import__('datetime').datetime(2027, 1, 31)}"
        for (seed, format) in ["FMT_BINARY", "FMT_XML"].enumerated() {
            let bytes = hexBytes(runPythonHex("plistlib.dumps(\(python), fmt=plistlib.\(format))"))
            #expect(bytes.count > 40)
            Self.mutate(bytes, seed: UInt64(seed) + 100, rounds: 4000) { copy throws(ArtifactProblem) in
                _ = try PropertyList(copy, name: "mutated")
            }
        }
    }

    @Test func mutatedProfilesNeverCrash() throws {
        let bytes = try IPAFixture.make("profile", IPAFixture.profile)
        Self.mutate(bytes, seed: 200, rounds: 3000) { copy throws(ArtifactProblem) in
            _ = try ProvisioningProfile(cms: copy, path: "embedded.mobileprovision")
        }
    }
}
