import Foundation
import TestSupport
import Testing

/// A lazily bound library that cannot be loaded is a clear message, never a crash. The library is
/// hidden from the real dynamic loader by an `LD_AUDIT` module (built here with `cc`) whose
/// `la_objsearch` refuses every path of the one soname named in `RELOPS_TEST_HIDDEN_LIBRARY`.
@Suite struct MissingLibraryCommandTests {
    static let auditSource = """
        #define _GNU_SOURCE
        #include <link.h>
        #include <stdlib.h>
        #include <string.h>
        unsigned int la_version(unsigned int version) { (void)version; return LAV_CURRENT; }
        char *la_objsearch(const char *name, uintptr_t *cookie, unsigned int flag) {
            (void)cookie; (void)flag;
            const char *hidden = getenv("RELOPS_TEST_HIDDEN_LIBRARY");
            const char *base = strrchr(name, '/');
            base = base != NULL ? base + 1 : name;
            return hidden != NULL && strcmp(base, hidden) == 0 ? NULL : (char *)name;
        }
        """

    /// Builds the audit module (one per test, in its own folder).
    func auditModule(_ folder: TemporaryFolder) throws -> String {
        folder.write("hide.c", Self.auditSource)
        let built = runProcess("cc", ["-shared", "-fPIC", "-o", folder.url("hide.so"), folder.url("hide.c")])
        try #require(built.status == 0, "cc: \(built.stderr)")
        return folder.url("hide.so")
    }

    func hiding(_ soname: String, _ audit: String) -> [String: String] {
        ["LD_AUDIT": audit, "RELOPS_TEST_HIDDEN_LIBRARY": soname]
    }

    @Test(.enabled(if: tool("cc") != nil, "no C compiler"))
    func versionNamesEachLibraryThatCannotBeLoadedAndWhatToInstall() throws {
        let folder = TemporaryFolder("hide-library")
        let audit = try auditModule(folder)
        for (soname, line, package) in [
            ("libcurl.so.4", "  libcurl ", "libcurl4"), ("libgit2.so.1.5", "  libgit2 ", "libgit2-1.5"),
            ("libcrypto.so.3", "  OpenSSL ", "libssl3"),
        ] {
            let result = relops(["--version"], environment: hiding(soname, audit))
            #expect(result.status == 0, "\(result.stderr)")
            let printed = result.stdout.split(separator: "\n").first { $0.hasPrefix(line) } ?? ""
            #expect(printed.contains("not loaded: \(soname) could not be loaded ("), "\(result.stdout)")
            #expect(printed.hasSuffix("): install \(package)"), "\(result.stdout)")
        }
    }

    @Test(.enabled(if: tool("cc") != nil, "no C compiler"))
    func aCutoverThatNeedsLibgit2ExitsThreeNamingItAndWritesNothing() throws {
        let folder = TemporaryFolder("hide-libgit2")
        let audit = try auditModule(folder)
        let repo = GitFixture("e2e-hidden-libgit2")
        repo.write("README.md", "app.example.com\n")
        repo.commit("sample")
        let result = relops(
            ["cutover", "--repo", repo.root, "--from", "app.example.com", "--to", "web.example.org", "--apply"],
            environment: hiding("libgit2.so.1.5", audit))
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("libgit2.so.1.5 could not be loaded ("), "\(result.stderr)")
        #expect(result.stderr.contains("install libgit2-1.5"), "\(result.stderr)")
        #expect(repo.readText("README.md") == "app.example.com\n")
    }

    /// Without libcrypto a certificate cannot be read nor a fingerprint checked: exit 3 naming the
    /// library and the package, never "not a certificate" (exit 2) nor an unchecked rotation.
    @Test(.enabled(if: tool("cc") != nil, "no C compiler"))
    func fingerprintCommandsThatNeedLibcryptoExitThreeNamingIt() throws {
        let folder = TemporaryFolder("hide-libcrypto")
        let audit = try auditModule(folder)
        let ca = TestCA(name: "hidden-libcrypto", in: folder.path)
        try #require(ca.failure == nil, "openssl: \(ca.failure ?? "")")
        let config = #"{"AppAssociation": {"AndroidCertFingerprints": ["REPLACE_WITH_RELEASE_SHA256"]}}"#
        folder.write("appsettings.json", config + "\n")
        let fingerprint = (0..<32).map { String(format: "%02X", 0xA0 + $0) }.joined(separator: ":")
        for arguments in [
            ["fingerprint", "show", "--cert", ca.certificatePath],
            ["fingerprint", "show", "--apk", ca.certificatePath],
            [
                "fingerprint", "rotate", "--to", fingerprint, "--config", folder.url("appsettings.json"),
                "--debug-keystore", folder.url("none.keystore"), "--apply",
            ],
        ] {
            let result = relops(arguments, in: folder.path, environment: hiding("libcrypto.so.3", audit))
            #expect(result.status == 3, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("libcrypto.so.3 could not be loaded ("), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("install libssl3"), "\(arguments): \(result.stderr)")
        }
        #expect(folder.readText("appsettings.json") == config + "\n")
    }

    /// Without libcurl nothing can be fetched: `verify` exits 3 naming the library and the
    /// package, never a list of failed checks (exit 1). The host is a closed loopback port.
    @Test(.enabled(if: tool("cc") != nil, "no C compiler"))
    func verifyWithoutLibcurlExitsThreeNamingIt() throws {
        let folder = TemporaryFolder("hide-libcurl")
        let audit = try auditModule(folder)
        for extra in [[], ["--tls-only"]] {
            let result = relops(
                ["verify", "--host", "127.0.0.1:1", "--offline", "--connect-timeout", "1"] + extra,
                in: folder.path, environment: hiding("libcurl.so.4", audit))
            #expect(result.status == 3, "\(extra): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("libcurl.so.4 could not be loaded ("), "\(extra): \(result.stderr)")
            #expect(result.stderr.contains("install libcurl4"), "\(extra): \(result.stderr)")
        }
    }
}

/// A tool on `PATH`, or nil.
private func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
