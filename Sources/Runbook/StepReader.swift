import Markdown
import RelopsCore

/// Turns cmark-gfm's nodes into steps: each level-2 heading opens one.
struct StepReader {
    let path: String
    let lines: [String]
    let nodes: [MarkdownNode]

    struct Result {
        var documentTitle: String?
        var steps: [RunbookStep]
    }

    func read() throws(Failure) -> Result {
        var documentTitle: String?
        let headings = nodes.indices.filter { nodes[$0].kind == "heading" && nodes[$0].depth == 1 }
        let stepHeadings = headings.filter { nodes[$0].headingLevel == 2 }
        if let first = headings.first(where: { nodes[$0].headingLevel == 1 }) {
            documentTitle = headingText(nodes[first])
        }
        var steps: [RunbookStep] = []
        var usedIDs = Set<String>()
        for (position, index) in stepHeadings.enumerated() {
            let heading = nodes[index]
            // The step runs to the next heading of level 1 or 2, or the end.
            let nextIndex = headings.first { $0 > index && nodes[$0].headingLevel <= 2 } ?? nodes.count
            let endLine = nextIndex < nodes.count ? nodes[nextIndex].startLine - 1 : lines.count
            let title = withoutNumbering(headingText(heading))
            var id = slug(title)
            if id.isEmpty { id = "step-\(position + 1)" }
            var unique = id
            var n = 2
            while !usedIDs.insert(unique).inserted {
                unique = "\(id)-\(n)"
                n += 1
            }
            var actions: [StepAction] = []
            for node in nodes[(index + 1)..<nextIndex] {
                if node.kind == "code_block", let info = node.fenceInfo {
                    let words = info.split(separator: " ").map(String.init)
                    switch words.first {
                    case "relops":
                        actions.append(.relops(try relopsCheck(node, options: Array(words.dropFirst()))))
                    case "sh":
                        actions.append(.shell(ShellBlock(script: node.literal ?? "", line: node.startLine)))
                    default: break
                    }
                } else if node.kind == "tasklist" {
                    actions.append(
                        .confirmation(
                            TaskItem(
                                text: taskText(node), checkedInRunbook: node.taskChecked == true,
                                line: node.startLine)))
                }
            }
            let source = lines[(heading.startLine - 1)..<max(heading.startLine, endLine)]
            let prose = source.dropFirst().joined(separator: "\n").trimmingCharacters(in: .newlines)
            let directives = try directives(source.dropFirst())
            var step = RunbookStep(
                number: position + 1, id: unique, title: title, prose: prose,
                source: source.joined(separator: "\n"), line: heading.startLine, actions: actions,
                condition: directives.condition, evidence: directives.evidence)
            step.about = directives.about
            step.needs = directives.needs
            steps.append(step)
        }
        if steps.isEmpty {
            throw Failure(.badInput, "\(path): the runbook has no steps (each `##` heading is a step)")
        }
        return Result(documentTitle: documentTitle, steps: steps)
    }

    /// The step's `when: ...`, `evidence: ...`, `about: ...` and `needs: ...` lines: the lines that
    /// start its body (blank lines between them allowed), each at most once.
    private func directives(_ body: ArraySlice<String>) throws(Failure) -> (
        condition: StepCondition?, evidence: StepEvidence?, about: [String], needs: [String]
    ) {
        var condition: StepCondition?
        var evidence: StepEvidence?
        var about: [String]?
        var needs: [String]?
        for offset in body.indices {
            let line = body[offset].trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let location = "\(path):\(offset + 1)"  // `body` keeps the indices of `lines`
            let lower = line.lowercased()
            if lower.hasPrefix("when:") {
                guard condition == nil else { throw Failure(.badInput, "\(location): a second `when:` line") }
                condition = try StepCondition(parsing: String(line.dropFirst(5)), location: location)
            } else if lower.hasPrefix("evidence:") {
                guard evidence == nil else { throw Failure(.badInput, "\(location): a second `evidence:` line") }
                evidence = try StepEvidence(parsing: String(line.dropFirst(9)), location: location)
            } else if lower.hasPrefix("about:") {
                guard about == nil else { throw Failure(.badInput, "\(location): a second `about:` line") }
                about = try checkNames(line.dropFirst(6), directive: "about", example: "apple-cdn", at: location)
            } else if lower.hasPrefix("needs:") {
                guard needs == nil else { throw Failure(.badInput, "\(location): a second `needs:` line") }
                needs = try checkNames(
                    line.dropFirst(6), directive: "needs", example: "assetlinks.fingerprint", at: location)
            } else {
                break
            }
        }
        return (condition, evidence, about ?? [], needs ?? [])
    }

    /// The check names of an `about:` or `needs:` line, separated by commas or spaces.
    private func checkNames(_ text: Substring, directive: String, example: String, at location: String)
        throws(Failure) -> [String]
    {
        let names = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        let valid = names.allSatisfy { name in
            name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        }
        guard !names.isEmpty, valid else {
            throw Failure(
                .badInput,
                "\(location): `\(directive):` takes the names of checks, separated by commas (e.g. `\(directive): \(example)`)"
            )
        }
        return names
    }

    private func relopsCheck(_ node: MarkdownNode, options: [String]) throws(Failure) -> RelopsCheck {
        var accepted: [Int32] = [0]
        var identity: String?
        var onlyWhen: String?
        for option in options {
            if option.hasPrefix("identity="), Placeholders.isName(String(option.dropFirst(9))) {
                identity = String(option.dropFirst(9))
                continue
            }
            if option.hasPrefix("when=vars."), Placeholders.isName(String(option.dropFirst(10))) {
                onlyWhen = String(option.dropFirst(10))
                continue
            }
            guard option.hasPrefix("exit="),
                case let codes = option.dropFirst(5).split(separator: ",").compactMap({ Int32($0) }),
                !codes.isEmpty, codes.count == option.dropFirst(5).split(separator: ",").count
            else {
                throw Failure(
                    .badInput,
                    "\(path):\(node.startLine): unknown ```relops``` option `\(option)` (known: exit=0,1, identity=NAME, when=vars.NAME)"
                )
            }
            accepted = codes
        }
        // The block's content starts on the line after the opening fence.
        let commands = try RelopsCommandLine.parseBlock(node.literal ?? "", firstLine: node.startLine + 1, path: path)
        if commands.isEmpty {
            throw Failure(.badInput, "\(path):\(node.startLine): an empty ```relops``` block")
        }
        if identity != nil, commands.contains(where: { $0.words.first?.text != "scan" }) {
            throw Failure(
                .badInput,
                "\(path):\(node.startLine): `identity=` reads a scan: the block may hold only `relops scan` lines")
        }
        return RelopsCheck(
            commands: commands, acceptedExitCodes: accepted, identityVariable: identity, onlyWhen: onlyWhen,
            line: node.startLine)
    }

    /// A heading's text as written, without its `#` marks.
    private func headingText(_ node: MarkdownNode) -> String {
        var text = lines[node.startLine - 1].trimmingCharacters(in: .whitespaces)
        while text.hasPrefix("#") { text.removeFirst() }
        text = text.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("#") { text.removeLast() }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// A task item's text as written, without `- [ ] `; continuation lines joined with a space.
    private func taskText(_ node: MarkdownNode) -> String {
        var parts: [String] = []
        for lineNumber in node.startLine...max(node.startLine, node.endLine) where lineNumber <= lines.count {
            var line = lines[lineNumber - 1].trimmingCharacters(in: .whitespaces)
            if lineNumber == node.startLine, let close = line.firstIndex(of: "]") {
                line = String(line[line.index(after: close)...]).trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("- ") || line.hasPrefix("* ") {
                break  // a nested list item is not part of this one's text
            }
            if !line.isEmpty { parts.append(line) }
        }
        return parts.joined(separator: " ")
    }
}

/// A heading without its numbering: "1. Inventory" and "Step 1: Inventory" read as "Inventory"
/// (relops numbers the steps itself).
func withoutNumbering(_ title: String) -> String {
    guard let match = title.firstMatch(of: /^(?i:step\s+)?\d+[.):]?\s+/), match.range.upperBound < title.endIndex else {
        return title
    }
    return String(title[match.range.upperBound...])
}

/// A step id from its title: lowercase letters and digits joined by `-`.
func slug(_ title: String) -> String {
    let text = withoutNumbering(title)
    var out = ""
    var pendingDash = false
    for scalar in text.lowercased().unicodeScalars {
        if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
            if pendingDash && !out.isEmpty { out += "-" }
            pendingDash = false
            out.unicodeScalars.append(scalar)
        } else {
            pendingDash = true
        }
    }
    return out
}
