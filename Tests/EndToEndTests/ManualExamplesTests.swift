import Foundation
import Runbook
import TestSupport
import Testing

/// The manual's examples, run: every ` ```console ` block in `docs/*.md`, on a fresh copy of the
/// sample repository `relops demo` writes, compared line for line with what the built binary
/// prints. The convention is in `docs/README.md`: `$ ` starts a command (run by bash in the
/// repository, the built relops first on PATH), the lines after it are its stdout then its
/// stderr, and a command that exits non-zero says so with a trailing `# exit N`. The only
/// rewriting is of temporary paths (the sample's folder is printed as `$REPO`, the certificate
/// beside it as `$CERT`, the scratch folder as `$TMP`) and of the one time-derived value the
/// examples print, a cutover's id (`20261206-011448-dfcd`: when it ran), printed as `$CUTOVER`.
/// No other time or duration is normalised: an example whose output holds one does not belong in
/// a `console` block.
@Suite struct ManualExamplesTests {
    static let manual = sourceRoot + "/docs"

    /// The pages whose examples are `console` blocks: a page that loses all of them fails here.
    static let pagesWithExamples = [
        "scan.md", "classes.md", "cutover.md", "rotation.md", "verification.md", "anchors.md", "runbooks.md",
        "configuration.md", "release-binaries.md",
    ]

    static let blocks: [ConsoleBlock] = {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: manual)) ?? []).filter {
            $0.hasSuffix(".md")
        }
        return files.sorted().flatMap { file in
            let text = (try? String(contentsOfFile: manual + "/" + file, encoding: .utf8)) ?? ""
            return ConsoleBlock.parse(text, file: file)
        }
    }()

    @Test func everyTaskPageHasRunnableExamples() throws {
        for page in Self.pagesWithExamples {
            let found = Self.blocks.filter { $0.file == page }
            #expect(!found.isEmpty, "docs/\(page) has no console example")
            #expect(found.allSatisfy { !$0.commands.isEmpty }, "docs/\(page) has a console block without `$ ` commands")
        }
    }

    @Test(arguments: blocks) func theExamplePrintsWhatTheManualSays(_ block: ConsoleBlock) throws {
        let sample = try SampleCopy()
        for command in block.commands {
            let output = sample.run(command.line)
            let printed = sample.normalised(output.stdout) + sample.normalised(output.stderr)
            #expect(
                output.status == command.status,
                "docs/\(block.file):\(command.lineNumber): `\(command.line)` exited \(output.status), the manual says \(command.status)\n\(output.stdout)\(output.stderr)"
            )
            #expect(
                printed == command.expected,
                "docs/\(block.file):\(command.lineNumber): `\(command.line)` printed\n\(printed.joined(separator: "\n"))\n\(ConsoleBlock.difference(command.expected, printed))"
            )
        }
    }

    /// The comparison is the one the examples go through: a block of the manual whose expected
    /// output is changed by one line fails it, and a command said to exit 0 that exits 1 fails it.
    @Test func aDriftedExampleFails() throws {
        let block = try #require(Self.blocks.first { $0.file == "scan.md" && !$0.commands[0].expected.isEmpty })
        let command = block.commands[0]
        let sample = try SampleCopy()
        let output = sample.run(command.line)
        let printed = sample.normalised(output.stdout) + sample.normalised(output.stderr)
        #expect(printed == command.expected)
        var drifted = command.expected
        drifted[drifted.count / 2] += " (drifted)"
        #expect(printed != drifted)
        #expect(!ConsoleBlock.difference(drifted, printed).isEmpty)

        let failing = try #require(
            ConsoleBlock.parse("```console\n$ relops scan --expect binary=0 # exit 1\n```\n", file: "x.md").first)
        #expect(failing.commands[0].status == 1)
        let plain = try #require(
            ConsoleBlock.parse("```console\n$ relops scan --expect binary=0\n```\n", file: "x.md").first)
        #expect(sample.run(plain.commands[0].line).status != plain.commands[0].status)
    }

    @Test func theParserFindsCommandsOutputsAndFences() throws {
        let text = """
            ```sh
            $ not a console block
            ```
            ````markdown
            ```console
            $ relops inside another fence
            ```
            ````
            ```console
            $ relops scan   # exit 1
            one
              two

            $ relops --version | head -1
            ```
            """
        let blocks = ConsoleBlock.parse(text, file: "page.md")
        try #require(blocks.count == 1)
        #expect(blocks[0].line == 9)
        #expect(blocks[0].commands.map(\.line) == ["relops scan   # exit 1", "relops --version | head -1"])
        #expect(blocks[0].commands.map(\.status) == [1, 0])
        #expect(blocks[0].commands[0].expected == ["one", "  two", ""])
        #expect(blocks[0].commands[1].expected == [])
        #expect(blocks[0].commands[0].lineNumber == 10)
    }
}

/// One ` ```console ` block of the manual: where it is and its commands.
struct ConsoleBlock: Sendable, CustomTestStringConvertible {
    struct Command: Sendable {
        let line: String
        let lineNumber: Int
        let status: Int32
        var expected: [String]
    }

    let file: String
    let line: Int
    var commands: [Command]

    var testDescription: String { "docs/\(file):\(line)" }

    /// The console blocks of a Markdown page. A fence is three or more backticks or tildes; it
    /// closes on a line of the same character at least as long, so a ```` fence can quote one.
    static func parse(_ text: String, file: String) -> [ConsoleBlock] {
        var blocks: [ConsoleBlock] = []
        var fence: (marker: Character, length: Int)?
        var current: ConsoleBlock?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let stripped = line.drop { $0 == " " }
            if let open = fence {
                let run = stripped.prefix { $0 == open.marker }
                if run.count >= open.length && stripped.dropFirst(run.count).allSatisfy(\.isWhitespace) {
                    fence = nil
                    if let block = current { blocks.append(block) }
                    current = nil
                } else if current != nil {
                    if line.hasPrefix("$ ") {
                        let command = String(line.dropFirst(2))
                        current?.commands.append(
                            Command(line: command, lineNumber: number, status: exitStatus(command), expected: []))
                    } else if let last = current?.commands.indices.last {
                        current?.commands[last].expected.append(line)
                    }
                }
                continue
            }
            guard let marker = stripped.first, marker == "`" || marker == "~" else { continue }
            let run = stripped.prefix { $0 == marker }
            guard run.count >= 3 else { continue }
            fence = (marker, run.count)
            let info = stripped.dropFirst(run.count).trimmingCharacters(in: .whitespaces)
            if info.split(separator: " ").first == "console" {
                current = ConsoleBlock(file: file, line: number, commands: [])
            }
        }
        return blocks
    }

    /// The status a command line says it exits with: `# exit N` at its end, else 0.
    static func exitStatus(_ command: String) -> Int32 {
        guard let range = command.range(of: #"#\s*exit\s+[0-9]+\s*$"#, options: .regularExpression) else { return 0 }
        return Int32(command[range].filter(\.isNumber)) ?? -1
    }

    /// The first line where the manual and the binary part, for the failure message.
    static func difference(_ expected: [String], _ printed: [String]) -> String {
        for index in 0..<max(expected.count, printed.count) {
            let want = index < expected.count ? expected[index] : "(nothing)"
            let got = index < printed.count ? printed[index] : "(nothing)"
            if want != got {
                return "first difference at output line \(index + 1):\n  manual: \(want)\n  binary: \(got)"
            }
        }
        return ""
    }
}

/// A fresh copy of the demo's sample repository, the new certificate beside it, a scratch folder
/// holding a release APK (`app-release.apk`: the committed v3.1 rotation fixture of
/// FingerprintTests) and a HOME of its own (so nothing reads the runner's `~/.android`).
final class SampleCopy {
    let folder = TemporaryFolder("manual-example")
    let repository: String
    let certificate: String
    let scratch: String
    let path: String

    init() throws {
        let workspace = try DemoWorkspace(keep: folder.url("demo"))
        try workspace.writeSample()
        repository = workspace.repository
        certificate = workspace.certificate
        scratch = folder.url("scratch")
        try FileManager.default.createDirectory(atPath: scratch + "/home", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: sourceRoot + "/Tests/FingerprintTests/Golden/v31/rotation-34-min-24.apk",
            toPath: scratch + "/app-release.apk")
        let bin = folder.url("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/relops", withDestinationPath: relopsBinary)
        path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// Runs a command line of the manual with bash in the repository.
    func run(_ line: String) -> ProcessOutput {
        runProcess(
            "/bin/bash", ["--noprofile", "--norc", "-c", line], in: repository,
            environment: [
                "PATH": path, "HOME": scratch + "/home", "REPO": repository, "CERT": certificate, "TMP": scratch,
                "TZ": "UTC", "LC_ALL": "C",
            ], killAfter: relopsKillBound)
    }

    /// Output as lines (a final newline ends the last line), with the temporary paths and
    /// cutover ids named.
    func normalised(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        let named = text.replacingOccurrences(of: certificate, with: "$CERT")
            .replacingOccurrences(of: repository, with: "$REPO")
            .replacingOccurrences(of: scratch, with: "$TMP")
            .replacingOccurrences(
                of: #"\b[0-9]{8}-[0-9]{6}-[0-9a-f]{4}\b"#, with: "$CUTOVER", options: .regularExpression)
        var lines = named.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
