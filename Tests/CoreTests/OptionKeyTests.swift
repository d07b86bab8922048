import CommandLine
import Testing

/// Typed option keys: declared once, read by key, and a command's declared write-ness.
@Suite struct OptionKeyTests {
    enum Options {
        static let host = Option<[String]>.repeatable("host", "H", help: "host")
        static let rev = Option<String?>.value("rev", "REV", help: "rev")
        static let apply = Flag.flag("apply", short: "a", help: "apply")
        static let format = Option<String?>.format(["text", "json"])
        static let man = Option<String?>.value("man", "DIR", help: "man")
        static let print = Flag.flag("print", help: "print")
        static let undeclared = Option<String?>.value("undeclared", "X", help: "not in any spec")
    }

    static let root = CommandSpec(
        "tool", abstract: "root",
        subcommands: [
            CommandSpec("scan", abstract: "scan", options: [Options.host, Options.rev, Options.format]),
            CommandSpec(
                "cutover", abstract: "cutover", options: [Options.rev, Options.apply],
                subcommands: [
                    CommandSpec("undo", abstract: "undo", writes: .always),
                    CommandSpec("list", abstract: "list", options: [Options.format]),
                ],
                runsWithoutSubcommand: true, writes: .when(Options.apply)),
            CommandSpec("help", abstract: "help", options: [Options.man], writes: .when(Options.man)),
            CommandSpec("init", abstract: "init", options: [Options.print], writes: .unless(Options.print)),
        ])

    @Test func keysReadWhatWasGivenAndNothingWhenNotGiven() throws {
        let parsed = try parseArguments(
            ["scan", "--host", "a.example", "--host=b.example", "--rev", "v1", "--format", "json"], root: Self.root)
        #expect(parsed[Options.host] == ["a.example", "b.example"])
        #expect(parsed[Options.rev] == "v1")
        #expect(parsed[Options.format] == "json")
        let bare = try parseArguments(["cutover"], root: Self.root)
        #expect(bare[Options.rev] == nil)
        #expect(!bare[Options.apply])
        #expect(try parseArguments(["cutover", "-a"], root: Self.root)[Options.apply])
    }

    @Test func aKeyDeclaresTheOptionItsSpecShows() {
        #expect(Options.host.spec.repeatable && Options.host.spec.valueName == "H")
        #expect(Options.apply.spec.valueName == nil && Options.apply.spec.short == "a")
        #expect(Options.format.spec.choices == ["text", "json"])
        #expect(Self.root.subcommands[0].options == [Options.host.spec, Options.rev.spec, Options.format.spec])
    }

    @Test func readingAnOptionTheCommandDoesNotDeclareStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try parseArguments(["scan"], root: OptionKeyTests.root)
            _ = parsed[Options.undeclared]
        }
        // Declared by a sibling is not declared here: `cutover list` has no --rev.
        await #expect(processExitsWith: .failure) {
            let parsed = try parseArguments(["cutover", "list"], root: OptionKeyTests.root)
            _ = parsed[Options.rev]
        }
    }

    @Test func aCommandWritesAsItsSpecSays() {
        let root = Self.root
        #expect(!root.writes(["scan", "--host", "{{old_host}}"]))
        #expect(!root.writes(["cutover", "--rev", "apply"]))
        #expect(root.writes(["cutover", "--rev", "x", "--apply"]))
        #expect(root.writes(["cutover", "-a"]))
        #expect(root.writes(["cutover", "undo"]))
        #expect(!root.writes(["cutover", "list"]))
        #expect(root.writes(["help", "--man", "out"]))
        #expect(root.writes(["help", "--man=out"]))
        #expect(!root.writes(["help", "scan"]))
        #expect(root.writes(["init"]))
        #expect(!root.writes(["init", "--print"]))
        // Help and version only read; a line that names no command of the tree may write.
        #expect(!root.writes(["cutover", "undo", "--help"]))
        #expect(!root.writes(["--version"]))
        #expect(root.writes(["unknown-command"]))
        #expect(root.writes([]))
        #expect(root.writes(["--unknown-option"]))
    }
}
