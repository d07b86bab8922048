import Foundation
import TestSupport
import Testing

/// libcurl, libgit2 and OpenSSL are dlopen()ed on first use (Sources/C*Loader), so commands that
/// do not need them start without loading them. glibc's `LD_DEBUG=files` prints every library the
/// dynamic loader maps, and who asked for it, to stderr:
/// `file=libcurl.so.4 [0];  dynamically loaded by /.../relops [0]`,
/// `file=libcrypto.so.3 [0];  needed by /lib/.../libssh2.so.1 [0]`.
@Suite struct LazyLibraryCommandTests {
    /// Each library the dynamic loader mapped in this run (its soname), with the file name of the
    /// object that needed or dlopen()ed it.
    func loadedLibraries(_ arguments: [String], in folder: String? = nil) -> (ProcessOutput, [String: String]) {
        let result = relops(arguments, in: folder, environment: ["LD_DEBUG": "files"])
        var libraries: [String: String] = [:]
        for line in result.stderr.split(separator: "\n") {
            guard let file = line.range(of: "file="), let by = line.range(of: " by ") else { continue }
            let name = line[file.upperBound...].prefix { $0 != " " }
            let requester = line[by.upperBound...].prefix { $0 != " " }.split(separator: "/").last ?? ""
            libraries[String(name)] = String(requester)
        }
        return (result, libraries)
    }

    func loaded(_ libraries: [String: String], _ prefix: String) -> String? {
        libraries.keys.first { $0.hasPrefix(prefix + ".so") }
    }

    @Test func scanHelpLoadsNoneOfTheLazyLibraries() {
        let (result, libraries) = loadedLibraries(["scan", "--help"])
        #expect(result.status == 0)
        #expect(loaded(libraries, "libstdc++") != nil, "LD_DEBUG output not seen: \(libraries)")
        // Neither the lazy ones nor those linked statically (ARCHITECTURE.md).
        for library in ["libcurl", "libssl", "libcrypto", "libgit2", "libyaml-0", "libpsl", "libidn2", "libcmark-gfm"] {
            #expect(loaded(libraries, library) == nil, "\(library) loaded: \(libraries)")
        }
    }

    @Test func scanOfAPlainCloneLoadsNoneOfTheLazyLibraries() {
        let repo = GitFixture("e2e-lazy-scan")
        repo.write(".relops.yml", "app:\n  web_host: app.example.com\n")
        repo.write("Docs/hosts.md", "See https://app.example.com.\n")
        repo.commit("sample")
        let (result, libraries) = loadedLibraries(["scan", "--format", "json"], in: repo.root)
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        #expect(result.stdout.contains("\"Docs/hosts.md\""))
        #expect(loaded(libraries, "libstdc++") != nil, "LD_DEBUG output not seen: \(libraries)")
        for library in ["libcurl", "libssl", "libcrypto", "libgit2"] {
            #expect(loaded(libraries, library) == nil, "\(library) loaded: \(libraries)")
        }
    }

    @Test func versionLoadsEachLibraryAndPrintsItsVersion() {
        let (result, libraries) = loadedLibraries(["--version"])
        #expect(result.status == 0)
        for library in ["libcurl", "libcrypto", "libgit2"] {
            let soname = loaded(libraries, library)
            #expect(soname != nil, "\(library) not loaded: \(libraries)")
        }
        #expect(libraries.first { $0.key.hasPrefix("libcurl.so") }?.value == "relops", "\(libraries)")
        for line in ["  libgit2 ", "  libcurl ", "  OpenSSL "] {
            let printed = result.stdout.split(separator: "\n").first { $0.hasPrefix(line) } ?? ""
            #expect(!printed.isEmpty && !printed.contains("not loaded"), "\(result.stdout)")
        }
    }
}
