// swift-tools-version:6.0
import Foundation
import PackageDescription

/// A C library linked statically: its archive (`lib*.a`, from the Debian -dev package) is named in the
/// target's module.modulemap (`link ":libpsl.a"`) and no pkg-config is asked, so no shared library
/// lands on the link line (why: start-up time, see ARCHITECTURE.md).
func staticCLibrary(_ name: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", providers: [.apt(apt)])
}

/// A C library bound lazily: its headers come through this system-library target (no pkg-config, so
/// nothing lands on the link line), its functions through a loader target that dlopen()s it on first
/// use (Sources/C*Loader; why: start-up time, see ARCHITECTURE.md).
func lazyCLibrary(_ name: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", providers: [.apt(apt)])
}

/// A test target, declared only once its folder holds a test: work in progress never breaks `swift test`.
func tests(_ name: String, _ dependencies: [Target.Dependency]) -> [Target] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Tests/\(name)")
        .path
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    // Golden files (expected output, `Golden/`) sit beside the tests but are not part of the target.
    let exclude = files.contains("Golden") ? ["Golden"] : []
    return files.contains(where: { $0.hasSuffix(".swift") })
        ? [.testTarget(name: name, dependencies: dependencies, exclude: exclude)] : []
}

/// A libFuzzer target in `Fuzz/<name>/`, declared only for `make fuzz` (RELOPS_FUZZ=1): it has no
/// `main` of its own (libFuzzer brings one), so it cannot be part of the normal build.
func fuzzer(_ name: String, _ dependencies: [Target.Dependency]) -> [Target] {
    guard ProcessInfo.processInfo.environment["RELOPS_FUZZ"] == "1" else { return [] }
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/\(name)").path
    guard FileManager.default.fileExists(atPath: folder) else { return [] }
    return [
        .executableTarget(
            name: name, dependencies: dependencies, path: "Fuzz/\(name)",
            exclude: ["corpus"], swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    ]
}

/// `make release` writes `Sources/relops/BuildStamp.swift` (the commit) for the length of the
/// build; only then does the executable compile it in. A plain `swift build` never needs it.
let buildStamp: [SwiftSetting] =
    FileManager.default.fileExists(
        atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Sources/relops/BuildStamp.swift").path)
    ? [.define("RELOPS_BUILD_STAMP")] : []

let package = Package(
    name: "relops",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "relops", targets: ["relops"])
    ],
    targets: [
        // C libraries (module.modulemap + shim.h each).
        lazyCLibrary("CGit2", apt: ["libgit2-dev"]),
        lazyCLibrary("CCurl", apt: ["libcurl4-openssl-dev"]),
        lazyCLibrary("COpenSSL", apt: ["libssl-dev"]),
        staticCLibrary("CCmark", apt: ["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
        staticCLibrary("CYAML", apt: ["libyaml-dev"]),
        staticCLibrary("CIDN2", apt: ["libidn2-dev", "libunistring-dev"]),
        staticCLibrary("CZlib", apt: ["zlib1g-dev"]),
        staticCLibrary("CPSL", apt: ["libpsl-dev", "libidn2-dev", "libunistring-dev"]),

        // Loaders of the lazily bound C libraries: dlopen() on first use, one forwarding function each.
        .target(name: "CDynamicLibrary"),
        .target(name: "CCurlLoader", dependencies: ["CDynamicLibrary"]),
        .target(name: "COpenSSLLoader", dependencies: ["CDynamicLibrary"]),
        .target(name: "CGit2Loader", dependencies: ["CDynamicLibrary"]),

        // openat2(2), which the C library does not wrap: a working-tree folder opened without passing a symlink.
        .target(name: "CFolderOpen"),
        // The scan's candidate search with AVX-512BW or AVX2, chosen at run time (Swift compiles no function for a wider ISA).
        .target(name: "CBytePairs"),
        // mallopt(3), which the Glibc module does not export: heaps grown in large steps (one call at start).
        .target(name: "CHeap"),
        // Direct openat/read/close (no cancellation points) and unshare(CLONE_FILES): a scan worker's per-file calls.
        .target(name: "CSystemCalls"),

        // Thin Swift wrappers: safe handles and typed errors; C types never leak past them. A failed C
        // call is one of two shared errors (CLibraryError): a call and a message, or with a kind and a code.
        .target(name: "CLibraryError"),
        .target(name: "Git", dependencies: ["CGit2", "CGit2Loader", "CLibraryError", "CSystemCalls", "CBytePairs"]),
        .target(name: "Curl", dependencies: ["CCurl", "CCurlLoader", "CLibraryError"]),
        .target(name: "Crypto", dependencies: ["COpenSSL", "COpenSSLLoader", "CLibraryError"]),
        .target(name: "Markdown", dependencies: ["CCmark"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "IDN", dependencies: ["CIDN2", "CLibraryError"]),
        .target(name: "Zlib", dependencies: ["CZlib"]),
        .target(name: "PublicSuffix", dependencies: ["CPSL", "CLibraryError"]),
        // What `relops --version` lists: each C library's own version, asked through its wrapper.
        .target(
            name: "LinkedLibraries",
            dependencies: ["Git", "Curl", "Crypto", "Markdown", "YAML", "IDN", "Zlib", "PublicSuffix"]),

        // Domain: pure logic, no printing, no exit.
        .target(
            name: "RelopsCore",
            dependencies: ["YAML", "Git", "IDN", "CSystemCalls"]),
        .target(
            name: "Scan",
            dependencies: ["RelopsCore", "Git", "PublicSuffix", "YAML", "CFolderOpen", "CBytePairs", "CSystemCalls"]),
        .target(name: "Cutover", dependencies: ["RelopsCore", "Scan", "Git", "Crypto"]),
        .target(name: "Fingerprint", dependencies: ["RelopsCore", "Crypto", "Zlib"]),
        .target(name: "Association", dependencies: ["RelopsCore", "Fingerprint", "Git"]),
        .target(name: "Artifact", dependencies: ["RelopsCore", "Fingerprint"]),
        .target(
            name: "Verify",
            dependencies: ["RelopsCore", "Curl", "Association", "Artifact", "Fingerprint", "Git", "YAML"]),
        .target(name: "Anchors", dependencies: ["RelopsCore", "Git", "Markdown"]),
        .target(
            name: "Runbook",
            dependencies: ["RelopsCore", "Markdown", "YAML", "Git", "Association", "Scan", "CommandLine"]),
        .target(name: "Status", dependencies: ["RelopsCore", "Scan", "Cutover", "Verify", "Runbook"]),
        .target(name: "CommandLine", dependencies: ["RelopsCore"]),
        .target(name: "Setup", dependencies: ["RelopsCore", "Git", "Association", "Verify", "Anchors"]),

        // The executable: argument parsing and presentation only.
        .executableTarget(
            name: "relops",
            dependencies: [
                "CommandLine", "RelopsCore", "Scan", "Cutover", "Fingerprint", "Association",
                "Verify", "Anchors", "Runbook", "Status", "Setup", "LinkedLibraries", "CHeap",
            ],
            swiftSettings: buildStamp
        ),

        // Tests.
        .target(name: "TestSupport", dependencies: ["RelopsCore"], path: "Tests/TestSupport"),
    ]
        + tests(
            "WrapperTests",
            [
                "CDynamicLibrary", "Git", "Curl", "Crypto", "Markdown", "YAML", "IDN", "Zlib", "PublicSuffix",
                "TestSupport",
            ])
        + tests("CoreTests", ["RelopsCore", "CommandLine", "CHeap", "CSystemCalls", "TestSupport"])
        + tests("ScanTests", ["Scan", "RelopsCore", "Git", "TestSupport"])
        + tests("CutoverTests", ["Cutover", "Scan", "RelopsCore", "Git", "TestSupport"])
        + tests("FingerprintTests", ["Fingerprint", "Association", "RelopsCore", "TestSupport"])
        + tests("ArtifactTests", ["Artifact", "Fingerprint", "RelopsCore", "TestSupport"])
        + tests("VerifyTests", ["Verify", "Curl", "Association", "Fingerprint", "RelopsCore", "TestSupport"])
        + tests("AnchorsTests", ["Anchors", "RelopsCore", "Git", "TestSupport"])
        + tests("RunbookTests", ["Runbook", "RelopsCore", "CommandLine", "relops", "TestSupport"])
        + tests("StatusTests", ["Status", "Runbook", "Cutover", "Verify", "RelopsCore", "TestSupport"])
        + tests("SetupTests", ["Setup", "Verify", "RelopsCore", "TestSupport"])
        + tests("EndToEndTests", ["TestSupport", "Runbook"])
        + tests("InstallTests", ["YAML", "TestSupport"])
        + fuzzer("FuzzJSONEditor", ["Fingerprint"])
        + fuzzer("FuzzAssociation", ["Association"])
        + fuzzer("FuzzAnchors", ["Anchors"])
        + fuzzer("FuzzAPK", ["Fingerprint"])
        + fuzzer("FuzzBinaryManifest", ["Fingerprint"])
        + fuzzer("FuzzConfig", ["RelopsCore"])
        + fuzzer("FuzzNginx", ["Association"])
        + fuzzer("FuzzGlob", ["RelopsCore"])
        + fuzzer("FuzzUTF16", ["RelopsCore"])
        + fuzzer("FuzzReleaseManifest", ["Artifact"])
        + fuzzer("FuzzIPA", ["Artifact"]),
    swiftLanguageModes: [.v6]
)
