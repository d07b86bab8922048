import Foundation
import RelopsCore

/// One step: whether it applies, the prompt, then one method per kind of action.
extension RunbookEngine {
    /// Runs one step; a non-nil outcome stops the run.
    func execute(_ step: RunbookStep, reopened reopenedNote: String?) throws(Failure) -> RunOutcome? {
        let index = step.number - 1
        state.steps[index].status = .pending
        state.steps[index].started = timestamp(now())
        state.steps[index].finished = nil
        state.steps[index].operator = operatorName
        state.steps[index].note = reopenedNote
        state.steps[index].checks = []
        try store.save(state)
        if let reason = inapplicable(step) {
            return try finish(step, .skipped, note: "does not apply: " + reason, shown: !isOutsideRollback(step))
        }
        if let skip = options.skippedSteps.first(where: { runbook.step(named: $0.step)?.id == step.id }) {
            return try finish(step, .skipped, note: "skipped by \(operatorName): \(skip.reason)")
        }
        io.show(.stepStarted(step, prose: variables.display(step.prose)))
        if options.interactive && !options.yes {
            switch io.choose(step: step, prose: variables.display(step.prose)) {
            case .run: break
            case .skip(let reason):
                return try finish(
                    step, .skipped, note: "skipped by \(operatorName)" + (reason.isEmpty ? "" : ": " + reason))
            case .quit: return try stop(step, "stopped here by \(operatorName)")
            }
        }
        // Without a person, a step that needs one fails before any of its commands run, so a write
        // is never done by a step that then cannot finish.
        let confirmedByFlag = options.confirmedSteps.contains { runbook.step(named: $0)?.id == step.id }
        // An item about a list this step's own scan finds is not asked before the scan (it would
        // read "Registered with the identity provider: " with nothing after it): a step that only
        // reads runs its scan first, and the list decides (empty: nothing to confirm).
        if !options.interactive && !confirmedByFlag, let item = firstOpenItem(step),
            !(step.onlyReads && namesListNotFoundYet(item))
        {
            return try fail(step, needsPerson(variables.display(item.text), step))
        }
        var confirmedAny = false
        var tally = CheckTally()
        var evidenceChecked = false
        for action in step.actions {
            if io.interrupted { return try interrupted(step) }
            let outcome: RunOutcome?
            switch action {
            case .relops(let check): outcome = try runCheck(check, step, &tally)
            case .shell(let block):
                tally.checkedSomething = true
                outcome = try runShellBlock(block, step)
            case .confirmation(let item):
                if item.checkedInRunbook { continue }
                if !evidenceChecked, let evidence = step.evidence {
                    evidenceChecked = true
                    if let failed = try checkEvidence(evidence, step) { return failed }
                }
                if let list = emptyList(in: item) {
                    // Nothing to confirm: say the list is empty instead of asking about nothing.
                    try record(
                        .confirm, variables.display(item.text), nil, passed: true, index: step.number - 1,
                        excerpt: "nothing to confirm: {{\(list)}} is empty (\(variables.sources[list] ?? "no value"))")
                    continue
                }
                outcome = try confirm(item, step, byFlag: confirmedByFlag)
                confirmedAny = true
            }
            if let outcome { return outcome }
        }
        if !tally.needed.isEmpty { return try notChecked(step, tally.needed, reopened: reopenedNote) }
        if tally.aboutUnchecked || (!confirmedAny && !tally.checkedSomething && !tally.skipped.isEmpty) {
            var reasons: [String] = []
            for reason in tally.skipped where !reasons.contains(reason) { reasons.append(reason) }
            let what =
                step.about.isEmpty
                ? "every check was skipped"
                : "what this step is about (\(step.about.joined(separator: ", "))) was not checked"
            let note = what + ": " + reasons.joined(separator: "; ")
            _ = try finish(step, .skipped, note: reopenedNote.map { note + " (\($0))" } ?? note)
            return nil
        }
        _ = try finish(step, confirmedAny ? .confirmed : .passed, note: reopenedNote)
        return nil
    }

    /// Whether a step's checks checked anything, and why the skipped ones were skipped.
    struct CheckTally {
        var checkedSomething = false
        var skipped: [String] = []
        /// Some check the step is `about:` reached no verdict: the step is never passed.
        var aboutUnchecked = false
        /// Why each check the step `needs:` that reached no verdict was not checked.
        var needed: [String] = []
    }

    /// A step whose `needs:` checks reached no verdict: it stops the run as not checked, unless the
    /// operator accepted that for this step with `--accept-unchecked`, which is recorded as such.
    private func notChecked(_ step: RunbookStep, _ reasons: [String], reopened: String?) throws(Failure)
        -> RunOutcome?
    {
        var unique: [String] = []
        for reason in reasons where !unique.contains(reason) { unique.append(reason) }
        let why = unique.joined(separator: "; ")
        if options.acceptedUnchecked.contains(where: { runbook.step(named: $0)?.id == step.id }) {
            let note = "not checked, accepted by \(operatorName) with --accept-unchecked: " + why
            _ = try finish(step, .skipped, note: reopened.map { note + " (\($0))" } ?? note)
            return nil
        }
        return try fail(
            step,
            "not checked: \(why). Give relops what it compares against and run again, or accept this step unchecked "
                + "with --accept-unchecked \(step.id)")
    }

    /// The step's `evidence:` before its first confirmation: a failure when it does not hold
    /// (the person's word, or `--confirm`, is not taken against it), else recorded with what was seen.
    private func checkEvidence(_ evidence: StepEvidence, _ step: RunbookStep) throws(Failure) -> RunOutcome? {
        let finding = evidence.check(repositoryRoot: repositoryRoot)
        try record(
            .evidence, "evidence: \(evidence.rawValue)", nil, passed: finding.holds, index: step.number - 1,
            excerpt: finding.detail)
        return finding.holds ? nil : try fail(step, "not \(evidence.rawValue): \(finding.detail)")
    }

    private func firstOpenItem(_ step: RunbookStep) -> TaskItem? {
        step.actions.lazy.compactMap { action -> TaskItem? in
            if case .confirmation(let item) = action, !item.checkedInRunbook { return item }
            return nil
        }.first
    }

    private func needsPerson(_ text: String, _ step: RunbookStep) -> String {
        "needs a person to confirm \"\(text)\"; run it on a terminal, or pass --confirm \(step.id) once it is done"
    }

    /// A ```relops``` block: each line's exit code is a check; `auto` expectations are settled
    /// first, and an `identity=` scan records what it found.
    private func runCheck(_ check: RelopsCheck, _ step: RunbookStep, _ tally: inout CheckTally) throws(Failure)
        -> RunOutcome?
    {
        let index = step.number - 1
        if let name = check.onlyWhen, (variables.value(of: name) ?? "").isEmpty {
            for command in check.commands {
                try record(
                    .relops, command.display, nil, passed: true, index: index,
                    excerpt: "not run: `\(name)` is not set, so a person confirms what it would check")
            }
            return nil
        }
        for command in check.commands {
            if let outcome = try settleAutoCounts(command, step) { return outcome }
            var arguments = try authorizedArguments(of: command)
            if check.identityVariable != nil { arguments += ["--format", "json"] }
            let result = try runRelops(arguments, step: step)
            // A command that checked nothing exits 1 for that alone (no check reached a verdict, so
            // none failed): the step is skipped, saying why, not failed and never passed.
            let checkedNothing = lastOutcome?.checkedNothing == true
            if !step.needs.isEmpty, let reasons = lastOutcome?.unchecked(about: step.needs) {
                tally.needed += reasons
            }
            if let outcome = lastOutcome, checkedNothing {
                tally.skipped += outcome.skipped
            } else if !step.about.isEmpty, let reasons = lastOutcome?.unchecked(about: step.about) {
                // The command checked other things, but not all of what this step is about.
                tally.skipped += reasons
                tally.aboutUnchecked = true
            } else {
                tally.checkedSomething = true
            }
            let passed =
                check.acceptedExitCodes.contains(result.status) || (checkedNothing && result.status == 1)
            var excerpt: String?
            if let name = check.identityVariable, passed {
                let found: [IdentityURIs.Found]
                do throws(Failure) {
                    found = try IdentityURIs.find(inScanJSON: result.output)
                } catch {
                    try record(.relops, displayCommand(arguments), result, passed: false, index: index)
                    return try fail(step, "`\(displayCommand(arguments))`: \(error.message)")
                }
                excerpt = IdentityURIs.evidence(found)
                variables.record(
                    name, found.isEmpty ? Self.noneFound : found.map(\.text).joined(separator: "\n"),
                    source: "found by step \(step.number)")
                recordVariables()
            }
            try record(.relops, displayCommand(arguments), result, passed: passed, index: index, excerpt: excerpt)
            if !passed { return try fail(step, "`\(displayCommand(arguments))` exited \(result.status)") }
        }
        return nil
    }

    private func runShellBlock(_ block: ShellBlock, _ step: RunbookStep) throws(Failure) -> RunOutcome? {
        let script = variables.script(block.script)
        if !options.allowShell {
            guard options.interactive else {
                return try fail(
                    step,
                    "the step has a ```sh``` block, which runs only with --allow-shell or a yes at the step's prompt")
            }
            guard io.allowShell(step: step, script: script) else {
                return try stop(step, "\(operatorName) declined the shell block")
            }
        }
        let result = try runShell(script, step: step)
        let passed = result.status == 0
        try record(.sh, script.trimmingCharacters(in: .newlines), result, passed: passed, index: step.number - 1)
        return passed ? nil : try fail(step, "the ```sh``` block exited \(result.status)")
    }

    /// A task item; one that names an `identity=` list is confirmed once for each entry.
    private func confirm(_ item: TaskItem, _ step: RunbookStep, byFlag: Bool) throws(Failure) -> RunOutcome? {
        for text in expanded(item.text) {
            if byFlag {
                try record(
                    .confirm, text, nil, passed: true, index: step.number - 1,
                    excerpt: "confirmed with --confirm by \(operatorName)")
            } else if options.interactive {
                guard io.confirm(step: step, item: text) else { return try stop(step, "not confirmed: \(text)") }
                try record(
                    .confirm, text, nil, passed: true, index: step.number - 1, excerpt: "confirmed by \(operatorName)")
            } else {
                return try fail(step, needsPerson(text, step))
            }
        }
        return nil
    }

    /// What an `identity=` list holds when the scan found nothing: one entry, never split.
    static let noneFound = "(none found)"

    /// True when `item` asks about an `identity=` list that has no value yet.
    func namesListNotFoundYet(_ item: TaskItem) -> Bool {
        let lists = runbook.foundVariables
        return Placeholders.names(in: item.text).contains {
            lists.contains($0.lowercased()) && variables.value(of: $0) == nil
        }
    }

    /// The name of the `identity=` list `item` asks about when that list is empty (the scan found
    /// nothing): such an item needs no confirmation.
    func emptyList(in item: TaskItem) -> String? {
        let lists = runbook.foundVariables
        guard let name = Placeholders.names(in: item.text).first(where: { lists.contains($0.lowercased()) }),
            let value = variables.value(of: name)
        else { return nil }
        let entries = value.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard entries.allSatisfy({ $0.isEmpty || $0 == Self.noneFound }) else { return nil }
        return variables.spelling(of: name)
    }

    /// The item's text for a person, once per entry of an `identity=` list it names. A list holds
    /// one entry a line (an entry never holds a line break), so a placeholder such as
    /// "(none found)" stays one entry.
    private func expanded(_ text: String) -> [String] {
        let lists = runbook.foundVariables
        guard let name = Placeholders.names(in: text).first(where: { lists.contains($0.lowercased()) }),
            let entries = variables.value(of: name)?.split(separator: "\n").map(String.init), entries.count > 1
        else { return [variables.display(text)] }
        return entries.map { entry in
            variables.display(
                Placeholders.replace(in: text) { $0.lowercased() == name.lowercased() ? entry : "{{\($0)}}" })
        }
    }
}
