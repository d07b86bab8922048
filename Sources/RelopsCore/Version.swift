internal import Crypto
internal import Curl
import Git
import IDN
internal import Markdown
internal import PublicSuffix
import YAML
internal import Zlib

/// The version `relops --version` prints and the HTTP User-Agent carries (`relops/<version>`).
public let relopsVersion = "0.1.0"

/// A C library relops runs against, and the version it reports at run time.
public struct LinkedLibrary: Sendable, Equatable {
    public let name: String
    public let version: String
}

/// The C libraries relops runs against, as they report their own versions (which can differ
/// from the headers it was built with).
public func linkedLibraries() -> [LinkedLibrary] {
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
public func versionReport(commit: String) -> String {
    let libraries = linkedLibraries()
    let width = libraries.map(\.name.count).max() ?? 0
    var lines = ["relops \(relopsVersion)", "commit \(commit)"]
    for library in libraries {
        lines.append(
            "  " + library.name + String(repeating: " ", count: width - library.name.count + 2) + library.version)
    }
    return lines.joined(separator: "\n")
}
