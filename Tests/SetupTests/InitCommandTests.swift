import Foundation
import RelopsCore
import TestSupport
import Testing

/// The built `relops init`: writing, refusing to overwrite, competing candidates without and with
/// a terminal, `--print --format json`, and `scan` without a host.
@Suite struct InitCommandTests {
    @Test func writesAFileTheConfigurationReaderReadsAndKeepsIt() throws {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let first = relops(["init", "--repo", repo.root])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Wrote \(repo.root)/.relops.yml"))
        let config = try ProjectConfig.load(repositoryRoot: repo.root)
        #expect(config.webHost?.description == "shop.example.com")
        #expect(config.androidPackage == "com.example.shop")

        repo.write(".relops.yml", "app:\n  web_host: mine.example.com\n")
        let again = relops(["init", "--repo", repo.root])
        #expect(again.status == 2)
        #expect(again.stderr.contains("already exists; relops init keeps it"))
        #expect(repo.readText(".relops.yml") == "app:\n  web_host: mine.example.com\n")

        let forced = relops(["init", "--repo", repo.root, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try ProjectConfig.load(repositoryRoot: repo.root).webHost?.description == "shop.example.com")
    }

    @Test func aBrokenExistingFileDoesNotStopInitPrint() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        repo.write(".relops.yml", "app: [unclosed\n")
        let printed = relops(["init", "--repo", repo.root, "--print"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.contains("web_host: \"shop.example.com\""))
    }

    @Test func competingCandidatesWithoutATerminalExitTwoNamingThem() {
        let repo = StackFixtures.native(androidHosts: ["a.example.com"], iosHosts: ["b.example.com"])
        let result = relops(["init", "--repo", repo.root])
        #expect(result.status == 2)
        #expect(result.stderr.contains("app.web_host: 2 candidates, relops will not guess"))
        #expect(result.stderr.contains("a.example.com (android)"))
        #expect(result.stderr.contains("b.example.com (ios)"))
        #expect(result.stderr.contains("--web-host"))
        #expect(!FileManager.default.fileExists(atPath: repo.root + "/.relops.yml"))

        let picked = relops(["init", "--repo", repo.root, "--web-host", "b.example.com"])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.stdout.contains("app.web_host: b.example.com (--web-host)"))
        let bad = relops(["init", "--repo", repo.root, "--force", "--web-host", "b..example"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--web-host"))
    }

    @Test func competingCandidatesOnATerminalAreAsked() throws {
        let repo = StackFixtures.native(androidHosts: ["a.example.com"], iosHosts: ["b.example.com"])
        let driver = repo.root + "/../pty-driver.py"
        try Self.ptyDriver.write(toFile: driver, atomically: true, encoding: .utf8)
        let result = runProcess(
            "python3", [driver, "Which app.web_host?", "2", relopsBinary, "init", "--repo", repo.root])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1. a.example.com (android)"))
        #expect(result.stdout.contains("2. b.example.com (ios)"))
        let config = try ProjectConfig.load(repositoryRoot: repo.root)
        #expect(config.webHost?.description == "b.example.com")
        #expect(repo.readText(".relops.yml").contains("(picked on the terminal)"))
    }

    @Test func printJSON() throws {
        let repo = StackFixtures.expo()
        let result = relops(["init", "--repo", repo.root, "--print", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let host = object?["web_host"] as? [String: Any]
        #expect(host?["chosen"] as? String == "expo.example.com")
        let file = try #require(object?["file"] as? String)
        #expect(try ProjectConfig.parse(file, path: "x").androidPackage == "com.example.expo")
        #expect(!FileManager.default.fileExists(atPath: repo.root + "/.relops.yml"))
        let noPrint = relops(["init", "--repo", repo.root, "--format", "json"])
        #expect(noPrint.status == 2)
        #expect(noPrint.stderr.contains("--format json goes with --print"))
    }

    @Test func scanWithoutAHostNamesTheClaimedHostsAndInit() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let result = relops(["scan", "--repo", repo.root])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no host to scan for"))
        #expect(result.stderr.contains("the build files claim shop.example.com (app/src/main/AndroidManifest.xml:5"))
        #expect(result.stderr.contains("run relops init"))
    }

    /// Runs a command on a pseudo-terminal, answers `answer` once `prompt` appears, and prints
    /// everything the terminal showed; gives up (exit 124) after 60 seconds.
    static let ptyDriver = """
        import os, pty, select, sys, time
        prompt, answer, argv = sys.argv[1].encode(), sys.argv[2].encode(), sys.argv[3:]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        out, sent, deadline = b"", False, time.time() + 60
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 1)
            if fd not in ready:
                continue
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            out += data
            if not sent and prompt in out:
                os.write(fd, answer + b"\\n")
                sent = True
        else:
            os.kill(pid, 9)
            sys.stdout.write(out.decode(errors="replace"))
            sys.exit(124)
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(out.decode(errors="replace"))
        sys.exit(os.waitstatus_to_exitcode(status))

        """
}

extension InitCommandTests {
    @Test func aSymlinkedConfigurationLeadingOutsideIsNotWrittenThrough() throws {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let outside = TemporaryFolder("outside")
        outside.write("elsewhere.yml", "kept: true\n")
        try FileManager.default.createSymbolicLink(
            atPath: repo.root + "/.relops.yml", withDestinationPath: outside.path + "/elsewhere.yml")
        let result = relops(["init", "--repo", repo.root, "--force"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(".relops.yml"))
        #expect(outside.readText("elsewhere.yml") == "kept: true\n")
    }
}
