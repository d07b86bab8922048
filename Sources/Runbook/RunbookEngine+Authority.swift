import RelopsCore

/// The trust boundary, applied to every relops command the run starts.
extension RunbookEngine {
    /// The boundary for this run's repository and options.
    var authority: RunAuthority {
        RunAuthority(
            repositoryRoot: repositoryRoot, trustsRepository: options.trustRepository, tree: RelopsCommands.root)
    }

    /// Before anything runs: every command of every step and every variable's `check:` is held
    /// to the trust boundary with the values as they stand, so a value the repository may not
    /// give stops the run before its first step (naming every such value at once), and the values
    /// taken on the operator's `--trust-repository` are shown first.
    func checkAuthority() throws(Failure) {
        let boundary = authority
        var commands = runbook.variables.compactMap(\.check)
        for step in runbook.steps {
            for case .relops(let check) in step.actions { commands += check.commands }
        }
        var problems: [String] = []
        var taken: [String] = []
        for command in commands {
            do throws(Failure) {
                for value in try boundary.check(variables.words(of: command)) where !taken.contains(value) {
                    taken.append(value)
                }
            } catch {
                if !problems.contains(error.message) { problems.append(error.message) }
            }
        }
        guard problems.isEmpty else {
            let intro =
                runbook.origin.isRepository
                ? "\(runbook.shownPath) is this repository's own runbook, and its commands may not decide how relops "
                    + "checks or where it acts:"
                : "\(runbook.name): a value this repository gives may not decide how relops checks or where it acts:"
            throw Failure(.badInput, ([intro] + problems).joined(separator: "\n"))
        }
        if !taken.isEmpty { io.show(.repositoryValuesTaken(taken)) }
    }

    /// The arguments of `command` with values filled in, held to the trust boundary.
    func authorizedArguments(of command: RelopsCommandLine) throws(Failure) -> [String] {
        let words = try variables.words(of: command)
        _ = try authority.check(words)
        return words.map(\.text)
    }
}
