import Foundation
import TestSupport
import Testing

/// `make deb` and `make install`/`uninstall`, as a release manager uses them: one release build
/// (static Swift runtime), installed outside the source tree and run from `/`. Slow (a release
/// build), so one test does it all; it needs dpkg-deb, which `make test-deps` installs.
@Suite(.serialized) struct PackageTests {
    func make(_ arguments: [String]) -> ProcessOutput {
        runProcess("make", ["--no-print-directory", "-C", sourceRoot] + arguments, environment: nestedMake)
    }

    /// Runs an installed relops from `/`, with nothing pointing it at the source tree.
    func installed(_ binary: String, _ arguments: [String]) -> ProcessOutput {
        runProcess(binary, arguments, in: "/", environment: ["RELOPS_SHARE": "", "RELOPS_BIN": ""])
    }

    @Test(.enabled(if: tool("dpkg-deb") != nil, "dpkg-deb is not installed (make test-deps installs dpkg-dev)"))
    func theDebianPackageAndMakeInstallRunOutsideTheSourceTree() throws {
        let built = make(["deb"])
        try #require(built.status == 0, "\(built.stdout)\(built.stderr)")
        let deb = try #require(
            try FileManager.default.contentsOfDirectory(atPath: sourceRoot + "/.build").first {
                $0.hasPrefix("relops_") && $0.hasSuffix(".deb")
            })
        let package = sourceRoot + "/.build/" + deb
        // The dependencies are the shared libraries, found by dpkg-shlibdeps, and the packages of
        // those relops dlopen()s (packaging/lazy-depends.sh); no Swift toolchain, and none of the
        // C libraries linked statically (cmark-gfm, libyaml, libidn2, zlib, libpsl: ARCHITECTURE.md).
        let depends = runProcess("dpkg-deb", ["--field", package, "Depends"]).stdout
        for library in ["libgit2", "libcurl", "libssl", "libc6", "libstdc++6"] {
            #expect(depends.contains(library), "Depends: \(depends)")
        }
        for library in ["libcmark-gfm", "libyaml"] {
            #expect(!depends.contains(library), "Depends: \(depends)")
        }
        #expect(!depends.contains("swift"), "Depends: \(depends)")
        // Extracted to a temporary root, it runs from / and finds share/relops beside its bin/.
        let root = TemporaryFolder("deb-root")
        let extracted = runProcess("dpkg-deb", ["-x", package, root.path])
        try #require(extracted.status == 0, "\(extracted.stderr)")
        try expectWorks(root.path + "/usr/bin/relops")
        let contents = runProcess("dpkg-deb", ["--contents", package]).stdout
        for file in [
            "./usr/share/relops/Runbooks/domain-cutover.md", "./usr/share/relops/Templates/run-report.md",
            "./usr/share/man/man1/relops-scan.1", "./usr/share/bash-completion/completions/relops",
            "./usr/share/zsh/site-functions/_relops", "./usr/share/fish/vendor_completions.d/relops.fish",
        ] {
            #expect(contents.contains(file), "missing \(file)")
        }
        // make install / uninstall into a DESTDIR: uninstall leaves it empty.
        let destination = TemporaryFolder("destdir")
        let install = make(["install", "DESTDIR=\(destination.path)", "PREFIX=/usr"])
        try #require(install.status == 0, "\(install.stdout)\(install.stderr)")
        let list = installed(destination.path + "/usr/bin/relops", ["runbook", "list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("domain-cutover") && list.stdout.contains("adr-anchor-audit"), "\(list.stdout)")
        let uninstall = make(["uninstall", "DESTDIR=\(destination.path)", "PREFIX=/usr"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path) == [])
    }

    func expectWorks(_ binary: String) throws {
        let version = installed(binary, ["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(!version.stdout.contains("not loaded"), "\(version.stdout)")
        let head = gitOutput("rev-parse", "HEAD", in: sourceRoot).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.stdout.contains("\ncommit \(head)"), "\(version.stdout)")
        for library in ["libgit2", "libcurl", "OpenSSL", "cmark-gfm", "libyaml", "libidn2", "zlib", "libpsl"] {
            #expect(version.stdout.contains("\n  \(library) "), "\(version.stdout)")
        }
        let list = installed(binary, ["runbook", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        for name in ["domain-cutover", "fingerprint-rotation", "adr-anchor-audit"] {
            #expect(list.stdout.contains(name), "\(list.stdout)")
        }
        let demo = installed(binary, ["demo"])
        #expect(demo.status == 0, "\(demo.stdout)\(demo.stderr)")
        #expect(demo.stdout.contains("Domain cutover  (`relops runbook run domain-cutover`)  complete"))
        let libraries = runProcess("ldd", [binary])
        #expect(libraries.status == 0)
        try expectNoLibraryBeside(binary, libraries.stdout)
        #expect(
            !libraries.stdout.contains("libswift") && !libraries.stdout.contains("not found"), "\(libraries.stdout)")
        #expect(libraries.stdout.contains("libstdc++"), "\(libraries.stdout)")
        // cmark-gfm, libyaml, libidn2, zlib and libpsl are linked in (start-up time).
        for linkedIn in ["libcmark-gfm", "libyaml", "libidn2", "libunistring", "libz.", "libpsl"] {
            #expect(!libraries.stdout.contains(linkedIn), "\(libraries.stdout)")
        }
        // libcurl, libgit2 and OpenSSL are dlopen()ed on first use, not linked (start-up time);
        // `--version` above loaded them, and Depends names their packages.
        for lazy in ["libcurl", "libgit2", "libssl", "libcrypto"] {
            #expect(!libraries.stdout.contains(lazy), "\(libraries.stdout)")
        }
    }

    /// A library placed beside the binary is never the one it loads: no `$ORIGIN` run path (a
    /// copy of the C math library the binary links, put in its folder, a temporary one here).
    func expectNoLibraryBeside(_ binary: String, _ libraries: String) throws {
        let line = try #require(
            libraries.split(separator: "\n").first { $0.contains("libm.so.6 => /") }, "\(libraries)")
        let system = try #require(line.split(separator: " ").first { $0.hasPrefix("/") }).description
        let beside = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("libm.so.6").path
        try FileManager.default.copyItem(atPath: system, toPath: beside)
        defer { try? FileManager.default.removeItem(atPath: beside) }
        let again = runProcess("ldd", [binary]).stdout
        #expect(again.contains("libm.so.6 => \(system)"), "\(again)")
        #expect(!again.contains(beside), "\(again)")
    }
}
