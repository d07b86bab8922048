import CommandLine
import Testing

@Suite struct ArgumentParserTests {
    enum Options {
        static let host = Option<[String]>.repeatable("host", "H", help: "host")
        static let repo = Option<String?>.value("repo", "PATH", help: "repo")
        static let includeUntracked = Flag.flag("include-untracked", help: "untracked")
        static let format = Option<String?>.format(["text", "json"])
        static let from = Option<String?>.value("from", "H", help: "from")
        static let apply = Flag.flag("apply", help: "apply")
    }

    let root = CommandSpec(
        "relops", abstract: "root",
        subcommands: [
            CommandSpec(
                "scan", abstract: "scan",
                options: [Options.host, Options.repo, Options.includeUntracked, Options.format]),
            CommandSpec(
                "cutover", abstract: "cutover",
                options: [Options.from, Options.apply],
                subcommands: [
                    CommandSpec(
                        "undo", abstract: "undo", positionals: [PositionalSpec("id", help: "id", optional: true)])
                ],
                runsWithoutSubcommand: true),
        ])

    @Test func parsesValuesFlagsAndRepeats() throws {
        let parsed = try parseArguments(
            ["scan", "--host", "a.example", "--host=b.example", "--include-untracked", "--format", "json"], root: root)
        #expect(parsed.commandPath == ["relops", "scan"])
        #expect(parsed[Options.host] == ["a.example", "b.example"])
        #expect(parsed[Options.includeUntracked])
        #expect(parsed[Options.format] == "json")
    }

    @Test func unknownOptionNamesItAndSuggestsTheClosest() {
        #expect {
            try parseArguments(["scan", "--hots", "x"], root: root)
        } throws: { error in
            let message = (error as? UsageError)?.message ?? ""
            return message.contains("'--hots'") && message.contains("did you mean '--host'")
        }
    }

    @Test func subcommandsAndDoubleDash() throws {
        let undo = try parseArguments(["cutover", "undo", "abc"], root: root)
        #expect(undo.commandPath == ["relops", "cutover", "undo"])
        #expect(undo.positionals == ["abc"])
        let plain = try parseArguments(["cutover", "--from", "a", "--apply"], root: root)
        #expect(plain.commandPath == ["relops", "cutover"])
        let dashed = try parseArguments(["cutover", "undo", "--", "--weird-id"], root: root)
        #expect(dashed.positionals == ["--weird-id"])
    }

    @Test func missingValueAndRepeatedSingleOptionAreErrors() {
        #expect(throws: UsageError.self) { try parseArguments(["scan", "--repo"], root: root) }
        #expect(throws: UsageError.self) { try parseArguments(["scan", "--repo", "a", "--repo", "b"], root: root) }
        #expect(throws: UsageError.self) { try parseArguments(["scna"], root: root) }
    }

    @Test func helpIsAvailableAtEveryLevel() throws {
        let parsed = try parseArguments(["cutover", "undo", "--help"], root: root)
        #expect(parsed.helpRequested)
        let text = helpText(for: parsed.commandPath, root: root)
        #expect(text.contains("USAGE: relops cutover undo"))
        #expect(text.contains("[<id>]"))
    }

    @Test func anUnknownWordWhereOnlyASubcommandFitsIsRefusedEvenWithHelp() {
        // `cutover` runs without a subcommand but takes no positional: a word must be a subcommand.
        for arguments in [["cutover", "undoo"], ["cutover", "undoo", "--help"], ["cutover", "--from", "a", "undoo"]] {
            #expect {
                try parseArguments(arguments, root: root)
            } throws: { error in
                (error as? UsageError)?.message
                    == "unknown subcommand 'undoo' for 'relops cutover' (did you mean 'undo'?)"
            }
        }
        #expect {
            try parseArguments(["cutover", "zzz"], root: root)
        } throws: { error in
            (error as? UsageError)?.message == "unknown subcommand 'zzz' for 'relops cutover' (its subcommands: undo)"
        }
        // A subcommand's own positional is still a positional.
        #expect((try? parseArguments(["cutover", "undo", "undoo"], root: root))?.positionals == ["undoo"])
    }
}
