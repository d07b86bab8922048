internal import Crypto
internal import Curl
internal import Git
internal import IDN
internal import Markdown
internal import PublicSuffix
internal import YAML
internal import Zlib

/// A C library relops runs against, and the version it reports at run time.
public struct LinkedLibrary: Sendable, Equatable {
    /// The library's name (`libgit2`, `OpenSSL`).
    public let name: String
    /// Its version as it reports it, or `not loaded: ...` for a lazily bound one that cannot be loaded.
    public let version: String
}

/// The C libraries relops runs against, as they report their own versions (which can differ
/// from the headers it was built with), for `relops --version`. The only module that asks every
/// wrapper, so the executable imports none of them.
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
