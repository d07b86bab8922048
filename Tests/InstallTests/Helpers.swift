import Foundation
import TestSupport
import Testing

/// A folder whose only entry is `relops`, a link to the binary under test, to put first on `PATH`
/// so commands run as a shell or a CI job would write them.
func relopsOnPath(_ folder: TemporaryFolder) -> String {
    let bin = folder.url("bin")
    try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try? FileManager.default.createSymbolicLink(atPath: bin + "/relops", withDestinationPath: relopsBinary)
    return bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
}

/// Runs `script` with bash as CI runners do (`-e -o pipefail`), in `folder`.
func bash(_ script: String, in folder: String, environment: [String: String] = [:]) -> ProcessOutput {
    runProcess(
        "/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: folder, environment: environment)
}

/// A tool on `PATH`, or nil.
func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"] {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// The environment for a nested `make`: the outer `make test`'s job server is not ours.
let nestedMake = ["MAKEFLAGS": "", "MFLAGS": "", "MAKELEVEL": ""]
