import Foundation
import TestSupport
import Testing

@Suite struct CompletionAndManTests {
    /// Completes the words as bash would with the cursor after the last one.
    func bashCompletes(_ words: [String], _ script: String, path: String) -> ProcessOutput {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        return runProcess(
            "/bin/bash",
            [
                "--noprofile", "--norc", "-c",
                "source \(script); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _relops; printf '%s\\n' \"${COMPREPLY[@]}\"",
            ], in: "/", environment: ["PATH": path])
    }

    @Test func bashLoadsTheScriptAndCompletesSubcommandsFormatsAndRunbookNames() throws {
        let folder = TemporaryFolder("completion")
        let path = relopsOnPath(folder)
        let generated = relops(["completion", "bash"])
        #expect(generated.status == 0, "\(generated.stderr)")
        folder.write("relops.bash", generated.stdout)
        let script = folder.url("relops.bash")
        let loaded = runProcess("/bin/bash", ["--noprofile", "--norc", "-c", "source \(script) && complete -p relops"])
        #expect(loaded.stdout == "complete -F _relops relops\n", "\(loaded.stderr)")
        #expect(bashCompletes(["relops", "sc"], script, path: path).stdout == "scan\n")
        #expect(bashCompletes(["relops", "cutover", "u"], script, path: path).stdout == "undo\n")
        #expect(
            bashCompletes(["relops", "anchors", "audit", "--format", ""], script, path: path).stdout
                == "text\njson\nsarif\ngithub\n")
        #expect(bashCompletes(["relops", "scan", "--inc"], script, path: path).stdout == "--include-untracked\n")
        let runbooks = bashCompletes(["relops", "runbook", "run", ""], script, path: path).stdout
        for name in ["domain-cutover", "fingerprint-rotation", "adr-anchor-audit"] {
            #expect(runbooks.contains(name + "\n"), "\(runbooks)")
        }
    }

    @Test(.enabled(if: tool("zsh") != nil, "zsh is not installed"))
    func zshLoadsTheScript() throws {
        let folder = TemporaryFolder("completion")
        folder.write("_relops", relops(["completion", "zsh"]).stdout)
        let loaded = runProcess(
            "zsh",
            [
                "-f", "-c",
                "autoload -U compinit && compinit -u -D && source \(folder.url("_relops")) && print $_comps[relops]",
            ],
            environment: ["HOME": folder.path])
        #expect(loaded.stdout == "_relops\n", "\(loaded.stderr)")
    }

    @Test(.enabled(if: tool("fish") != nil, "fish is not installed"))
    func fishCompletesFromTheScript() throws {
        let folder = TemporaryFolder("completion")
        folder.write("relops.fish", relops(["completion", "fish"]).stdout)
        let path = relopsOnPath(folder)
        let script = folder.url("relops.fish")
        let completed = runProcess(
            "fish",
            ["--no-config", "-c", "source \(script); complete -C 'relops sc'; complete -C 'relops scan --format '"],
            environment: ["PATH": path, "HOME": folder.path])
        #expect(completed.stdout.hasPrefix("scan\t"), "\(completed.stdout)\(completed.stderr)")
        #expect(completed.stdout.contains("\nsarif\t"), "\(completed.stdout)")
    }

    @Test func helpShowsTheSameTextAsDashDashHelpAndRefusesAnUnknownCommand() {
        let help = relops(["help", "runbook", "run"])
        #expect(help.status == 0)
        #expect(help.stdout == relops(["runbook", "run", "--help"]).stdout)
        #expect(help.stdout.contains("USAGE: relops runbook run"))
        let unknown = relops(["help", "scna"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no command `relops scna`"), "\(unknown.stderr)")
    }

    @Test func anUnknownShellIsBadUsage() {
        let result = relops(["completion", "tcsh"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("tcsh: no completion for this shell; use bash, zsh or fish"))
    }

    @Test func oneManPagePerCommandThatManRenders() throws {
        let folder = TemporaryFolder("man")
        let written = relops(["help", "--man", folder.path], environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        #expect(written.status == 0, "\(written.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let help = relops(["--help"]).stdout
        let listed = try #require(
            help.components(separatedBy: "SUBCOMMANDS:\n").last?.components(separatedBy: "\n\n").first)
        let commands = listed.split(separator: "\n").compactMap { $0.split(separator: " ").first }
        #expect(commands.count >= 11)
        #expect(commands.contains("init"))
        #expect(pages == (["relops.1"] + commands.map { "relops-\($0).1" }).sorted())
        let scan = String(decoding: folder.read("relops-scan.1"), as: UTF8.self)
        #expect(scan.hasPrefix(".TH RELOPS-SCAN 1 \"2026-01-01\""))
        try #require(tool("man") != nil, "man is not installed")
        let rendered = runProcess(
            "man", ["-l", folder.url("relops-runbook.1")], environment: ["MANPAGER": "cat", "MANWIDTH": "100"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        for text in ["relops-runbook - Run a release runbook", "RUN", "--non-interactive", "EXIT STATUS"] {
            #expect(rendered.stdout.contains(text), "missing \(text):\n\(rendered.stdout)")
        }
    }
}
