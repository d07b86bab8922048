internal import Crypto
internal import Curl
internal import Git
internal import IDN
internal import Markdown
internal import PublicSuffix
import RelopsCore
internal import YAML
internal import Zlib

/// The git commit relops was built from. `make release` (and so `make install` and `make deb`)
/// stamps it into a generated `BuildStamp.swift` beside this file for the length of the build; a
/// plain `swift build` says it does not know. Only the executable is rebuilt when the commit changes.
let relopsCommit: String = {
    #if RELOPS_BUILD_STAMP
        return BuildStamp.commit
    #else
        return "unknown (not built by make)"
    #endif
}()

/// A C library relops runs against, and the version it reports at run time.
struct LinkedLibrary: Sendable, Equatable {
    let name: String
    let version: String
}

/// The C libraries relops runs against, as they report their own versions (which can differ
/// from the headers it was built with).
func linkedLibraries() -> [LinkedLibrary] {
    [
        LinkedLibrary(name: "libgit2", version: libgit2Version()),
        LinkedLibrary(name: "libcurl", version: libcurlVersion()),
        LinkedLibrary(name: "OpenSSL", version: openSSLVersion()),
        LinkedLibrary(name: "cmark-gfm", version: cmarkVersion()),
        LinkedLibrary(name: "libyaml", version: libyamlVersion()),
        LinkedLibrary(name: "libidn2", version: libidn2Version()),
        LinkedLibrary(name: "zlib", version: zlibRuntimeVersion()),
        LinkedLibrary(name: "libpsl", version: libpslVersion()),
    ]
}

/// What `relops --version` prints: the version, the commit it was built from, then one line per C
/// library.
func versionReport(commit: String) -> String {
    let libraries = linkedLibraries()
    let width = libraries.map(\.name.count).max() ?? 0
    var lines = ["relops \(relopsVersion)", "commit \(commit)"]
    for library in libraries {
        lines.append(
            "  " + library.name + String(repeating: " ", count: width - library.name.count + 2) + library.version)
    }
    return lines.joined(separator: "\n")
}
