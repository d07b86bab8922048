import CommandLine
import Runbook
import Testing

@testable import relops

/// Whether a runbook's relops line writes comes from the command's own spec, not from a list kept
/// in the runbook module.
@Suite(.relopsCommands) struct RunbookCommandWritesTests {
    /// The commands of one ```relops``` block of `lines`.
    func commands(_ lines: [String]) throws -> [RelopsCommandLine] {
        let book = try runbook("## Step\n```relops\n" + lines.joined(separator: "\n") + "\n```\n")
        guard case .relops(let check) = book.steps[0].actions[0] else {
            Issue.record("not a relops block")
            return []
        }
        return check.commands
    }

    @Test func aSpecMarkedAsWritingMakesTheRunbookTreatItAsWriting() throws {
        let scan = try commands(["relops scan --host a.example.com"])[0]
        #expect(scan.onlyReads)
        // The same line against a tree whose `scan` spec says it writes.
        let writingScan = CommandSpec(
            "relops", abstract: "root",
            subcommands: CommandRunner.root.subcommands.map { spec in
                spec.name != "scan"
                    ? spec
                    : CommandSpec(
                        spec.name, abstract: spec.abstract, options: spec.options.map(RawOption.init),
                        writes: .always)
            })
        #expect(!scan.onlyReads(in: writingScan))
        #expect(try commands(["relops verify --offline"])[0].onlyReads(in: writingScan))
    }

    @Test func aNewCommandNeedsNothingButItsSpec() throws {
        // A command no list in the runbook module knows: its spec alone decides.
        let tree = CommandSpec(
            "relops", abstract: "root",
            subcommands: CommandRunner.root.subcommands + [
                CommandSpec("inspect", abstract: "reads"),
                CommandSpec("tidy", abstract: "writes", writes: .always),
            ])
        let lines = try commands(["relops inspect", "relops tidy"])
        #expect(lines[0].onlyReads(in: tree))
        #expect(!lines[1].onlyReads(in: tree))
        // Against the real tree neither exists, and an unknown command may write.
        #expect(!lines[0].onlyReads && !lines[1].onlyReads)
    }

    @Test func everyCommandOfTheTreeReadsOrWritesAsItsSpecSays() throws {
        var checked = 0
        for (path, spec) in commandTree(CommandRunner.root) where path.count > 1 && spec.runsWithoutSubcommand {
            let line = path.joined(separator: " ")
            let plain = try commands([line])[0]
            switch spec.writes {
            case .never:
                #expect(plain.onlyReads, "\(line)")
            case .always:
                #expect(!plain.onlyReads, "\(line)")
            case .whenGiven(let name), .unlessGiven(let name):
                let option = try #require(spec.options.first { $0.name == name }, "\(line) --\(name)")
                let given = try commands([line + " --\(name)" + (option.valueName == nil ? "" : " x")])[0]
                let writesWhenGiven = spec.writes == .whenGiven(option: name)
                #expect(plain.onlyReads == writesWhenGiven && given.onlyReads != writesWhenGiven, "\(line) --\(name)")
            }
            #expect(try commands([line + " --help"])[0].onlyReads, "\(line) --help")
            checked += 1
        }
        #expect(checked > 15)
    }
}

/// An option spec declared as is, to rebuild a command's spec in a test.
struct RawOption: DeclaredOption {
    let spec: OptionSpec
}
