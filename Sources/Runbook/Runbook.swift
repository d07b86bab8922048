import Foundation
import Markdown
import RelopsCore
import YAML

/// Whose text a runbook is, which decides what its own words may do.
public enum RunbookOrigin: Sendable, Equatable {
    /// Shipped with relops (`share/relops/Runbooks`): its words are relops's own.
    case shipped
    /// The repository's own (`Runbooks/`, `.relops/runbooks/`, or a path inside the repository):
    /// data, like every file of a repository that may be a contributor's fork. `shadowsShipped` when a
    /// shipped runbook has its name and is hidden by it.
    case repository(shadowsShipped: Bool)
    /// A file outside the repository that the operator named, or text a caller built.
    case given

    /// True for the repository's own runbook.
    public var isRepository: Bool {
        if case .repository = self { return true }
        return false
    }
}

/// A runbook: a GitHub Markdown document with YAML front matter whose `##` headings are steps.
public struct Runbook: Sendable {
    /// The name it is listed and run by: the file name without `.md`.
    public let name: String
    /// Where it was read from (for messages: `path:line:`).
    public let path: String
    /// The front matter `title`, else the first `#` heading, else the name.
    public let title: String
    /// The variables the front matter declares, in order.
    public let variables: [RunbookVariable]
    /// The front matter's `when:`: the whole runbook applies only when it holds.
    public let condition: StepCondition?
    /// The steps, in document order.
    public let steps: [RunbookStep]
    /// Whose text it is: relops's own, the repository's (data, never authority), or a file the
    /// operator named. The catalog sets it; a runbook built from text is the caller's.
    public internal(set) var origin = RunbookOrigin.given
    /// The path as messages show it: relative to the repository for the repository's own runbook.
    public var shownPath: String { origin.isRepository ? repositoryRelativePath ?? path : path }
    /// The path relative to the repository root, when the catalog knows it.
    var repositoryRelativePath: String?

    /// Reads and parses the runbook at `path`.
    public init(contentsOf path: String) throws(Failure) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(.badInput, "\(path): cannot read the runbook")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(.badInput, "\(path): the runbook is not UTF-8 text")
        }
        try self.init(parsing: text, path: path)
    }

    /// Parses runbook text; `path` names it in messages and gives its name.
    public init(parsing text: String, path: String) throws(Failure) {
        self.path = path
        name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        let front = try FrontMatter.read(&lines, path: path)
        variables = front.variables
        condition = front.condition
        let body = lines.joined(separator: "\n")
        let document = MarkdownDocument(parsing: body)
        let parsed = try StepReader(path: path, lines: lines, nodes: document.nodes).read()
        steps = parsed.steps
        title = front.title ?? parsed.documentTitle ?? name
        try checkPlaceholders()
    }

    /// The step a `--confirm` value names: its number (1-based), its id or its exact title.
    public func step(named reference: String) -> RunbookStep? {
        if let number = Int(reference), number >= 1, number <= steps.count { return steps[number - 1] }
        return steps.first { $0.id == reference || $0.title == reference }
    }

    /// The variables an `identity=NAME` scan fills in during the run (lowercase): nobody passes them.
    public var foundVariables: Set<String> {
        Set(
            steps.flatMap(\.actions).compactMap { action -> String? in
                if case .relops(let check) = action { return check.identityVariable?.lowercased() }
                return nil
            })
    }

    /// Every `{{name}}` the steps use, with the line of its first use.
    public var placeholderUses: [(name: String, line: Int)] {
        var seen = Set<String>()
        var uses: [(String, Int)] = []
        for step in steps {
            for (offset, line) in step.source.components(separatedBy: "\n").enumerated() {
                for name in Placeholders.names(in: line) where seen.insert(name).inserted {
                    uses.append((name, step.line + offset))
                }
            }
        }
        return uses
    }

    /// An `arguments: true` variable must stand alone as an unquoted word of a ```relops``` line.
    private func checkPlaceholders() throws(Failure) {
        let lists = Set(variables.filter(\.isArgumentList).map(\.name))
        for step in steps {
            for action in step.actions {
                guard case .relops(let check) = action else { continue }
                for line in check.commands {
                    for word in line.words where word.barePlaceholder == nil {
                        if let name = Placeholders.names(in: word.text).first(where: lists.contains) {
                            throw Failure(
                                .badInput,
                                "\(path):\(line.line): `{{\(name)}}` is a list of arguments; it must stand alone as a word"
                            )
                        }
                    }
                }
            }
        }
    }
}

/// A variable the front matter declares.
public struct RunbookVariable: Sendable, Equatable {
    public let name: String
    /// The default value, if the front matter gives one.
    public let defaultValue: String?
    /// What the value is, for a person who must supply it.
    public let description: String?
    /// A secret value is used, never written to state or a report.
    public let isSecret: Bool
    /// A list of extra arguments (`--offline --cacert ca.pem`), split with shell-like quoting and
    /// spliced into a ```relops``` line where `{{name}}` stands alone as a word.
    public let isArgumentList: Bool
    /// `check:`: a relops command (read-only) that must exit 0 for a value to be used, run once
    /// before the first step for every variable that has a value (`association render --source
    /// {{association_source}}`); its first line of output says what is wrong with the value.
    public var check: RelopsCommandLine? = nil
    /// `kind:`: a value relops understands itself. `association-source` is where the association
    /// documents come from (`AssociationChoice`): checked against the repository before the first
    /// step, and what `when: local-association` decides on.
    public var kind: VariableKind? = nil
    /// The front matter line that declares it.
    public let line: Int
}

/// A variable whose value relops understands itself.
public enum VariableKind: String, Sendable, Equatable, CaseIterable {
    /// Where the association documents come from: empty (as found), `external`/`none`, or a file.
    case associationSource = "association-source"
}

/// One `##` step: its title, prose and what it does, in document order.
public struct RunbookStep: Sendable {
    /// 1-based position.
    public let number: Int
    /// A stable id from the title (`inventory-the-old-host`), used by `--confirm` and in state.
    public let id: String
    public let title: String
    /// The step's Markdown below its heading, as written (placeholders not yet filled).
    public let prose: String
    /// The step's whole source, heading included.
    public let source: String
    /// The heading's line in the runbook.
    public let line: Int
    /// Checks, shell blocks and confirmations, in document order.
    public let actions: [StepAction]
    /// The step's `when:` line: it applies only when this holds.
    public let condition: StepCondition?
    /// The step's `evidence:` line: what its confirmations must have left in the repository.
    public var evidence: StepEvidence? = nil
    /// The step's `about:` line: the checks it is for (`apple-cdn`). When the step's commands
    /// name their checks and none of these reached a verdict, the step is `skipped`, with why.
    public var about: [String] = []
    /// The step's `needs:` line: checks it cannot pass without (`assetlinks.fingerprint`). When a
    /// command ran one of them and it reached no verdict (the app's identity lacks what it compares
    /// against), the step stops as not checked, naming why, unless the operator accepts it for this
    /// run (`--accept-unchecked STEP`), which records it as accepted, never as passed.
    public var needs: [String] = []

    /// True when a command may change something: a relops command that does not only read, or a
    /// shell block.
    public var writes: Bool {
        actions.contains { action in
            switch action {
            case .relops(let check): return !check.commands.allSatisfy(\.onlyReads)
            case .shell: return true
            case .confirmation: return false
            }
        }
    }

    /// True when every check only reads (scan, verify, anchors audit, fingerprint show, ...) and
    /// the step has no shell block: such a step's evidence is checked again on resume, unless a
    /// later step that writes has been done since (that write was meant to change it).
    public var onlyReads: Bool {
        var hasCheck = false
        for action in actions {
            switch action {
            case .relops(let check):
                hasCheck = true
                if !check.commands.allSatisfy(\.onlyReads) { return false }
            case .shell: return false
            case .confirmation: continue
            }
        }
        return hasCheck
    }
}

/// Something a step does.
public enum StepAction: Sendable {
    /// A ```relops``` block: one or more relops command lines; each line's exit code is a check.
    case relops(RelopsCheck)
    /// A ```sh``` block.
    case shell(ShellBlock)
    /// A `- [ ]` task item the operator confirms.
    case confirmation(TaskItem)
}

/// A ```relops``` block.
public struct RelopsCheck: Sendable {
    public let commands: [RelopsCommandLine]
    /// Exit codes that pass (`exit=0,1` in the fence info); `[0]` by default.
    public let acceptedExitCodes: [Int32]
    /// `identity=NAME` in the fence info: the redirect URIs, callback schemes and `webcredentials:`
    /// claims this scan finds are recorded as the variable NAME, and a task item that uses
    /// `{{NAME}}` is confirmed once for each of them.
    public let identityVariable: String?
    /// `when=vars.NAME` in the fence info: the block runs only when the variable NAME has a value;
    /// without one it is recorded as not run, and the step's task items stay a person's to confirm.
    public var onlyWhen: String? = nil
    public let line: Int
}

/// A ```sh``` block.
public struct ShellBlock: Sendable {
    /// The script as written; `{{name}}` becomes `${RELOPS_NAME}` when it runs.
    public let script: String
    public let line: Int
}

/// A task list item.
public struct TaskItem: Sendable {
    public let text: String
    /// `- [x]` in the runbook itself: already done, nothing to confirm.
    public let checkedInRunbook: Bool
    public let line: Int
}
