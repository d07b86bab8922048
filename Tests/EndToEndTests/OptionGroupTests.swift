import TestSupport
import Testing

/// Issue 42, case 4: the network and identity options are declared once, so every command that
/// takes one says the same about it in its help (and its man page and completion, made from the
/// same declarations).
@Suite struct OptionGroupTests {
    /// The help text of `--name` in `relops ARGS --help`, its runs of spaces as one (the column
    /// the text starts in is each command's own): its line and the lines that continue it.
    func helpOf(_ name: String, _ arguments: [String]) -> String {
        let help = relops(arguments + ["--help"]).stdout
        guard let options = help.firstRange(of: "\nOPTIONS:\n") else { return "" }
        let lines = help[options.upperBound...].split(separator: "\n").map { $0.drop { $0 == " " } }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("--\(name) ") }) else { return "" }
        var end = start + 1
        while end < lines.count && !lines[end].hasPrefix("-") && !lines[end].hasSuffix(":") { end += 1 }
        return lines[start..<end].joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    @Test func everyCommandThatTakesAGroupsOptionDescribesItAlike() {
        let groups: [(options: [String], commands: [[String]])] = [
            (
                ["fingerprint", "app-id"],
                [["verify"], ["status"], ["association", "render"]]
            ),
            (
                ["resolve", "connect-to", "cacert", "offline", "dal-endpoint", "apple-cdn-endpoint"],
                [["verify"], ["status"]]
            ),
        ]
        for group in groups {
            for option in group.options {
                let texts = group.commands.map { helpOf(option, $0) }
                #expect(!texts[0].isEmpty, "--\(option) in verify --help")
                for (command, text) in zip(group.commands, texts) {
                    #expect(
                        text == texts[0],
                        "--\(option): \(command.joined(separator: " ")) says `\(text)`, verify `\(texts[0])`")
                }
            }
        }
    }
}
