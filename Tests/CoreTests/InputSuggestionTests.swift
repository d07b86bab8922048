import CommandLine
import RelopsCore
import Testing

/// Issue 38, cases 3 and 5: a value relops does not take is exit 2 with the nearest one it does,
/// and every class `scan` prints but `unknown` can be given by a `classify:` rule.
@Suite struct InputSuggestionTests {
    @Test func everyPrintedClassButUnknownMayBeGivenByAClassifyRule() throws {
        for cls in OccurrenceClass.allCases where cls != .unknown {
            let config = try ProjectConfig.parse(
                "classify:\n  - { glob: \"a/**\", class: \(cls.rawValue) }\n", path: ".relops.yml")
            #expect(config.classify.first?.occurrenceClass == cls)
        }
        let unknown = #expect(throws: Failure.self) {
            try ProjectConfig.parse("classify:\n  - { glob: \"a/**\", class: unknown }\n", path: ".relops.yml")
        }
        #expect(unknown?.message.contains("`unknown` is what a classify rule settles") == true)
        let typo = #expect(throws: Failure.self) {
            try ProjectConfig.parse("classify:\n  - { glob: \"a/**\", class: bulid }\n", path: ".relops.yml")
        }
        #expect(typo?.message.contains(".relops.yml:2:28: unknown class `bulid` (did you mean `build`?)") == true)
        #expect(typo?.category == .badInput)
    }

    @Test func aSubcommandThatIsAnOptionsNameNamesTheOption() throws {
        let root = CommandSpec(
            "relops", abstract: "",
            subcommands: [
                CommandSpec(
                    "cutover", abstract: "", options: [Flag.flag("apply", help: "")],
                    subcommands: [CommandSpec("undo", abstract: ""), CommandSpec("list", abstract: "")],
                    runsWithoutSubcommand: true)
            ])
        let error = #expect(throws: UsageError.self) { try parseArguments(["cutover", "apply"], root: root) }
        #expect(
            error.map { "\($0)" }?.contains(
                "unknown subcommand 'apply' for 'relops cutover' (did you mean the option '--apply'?)") == true,
            "\(String(describing: error))")
    }
}
