import CommandLine
import Foundation
import RelopsCore

/// The trust boundary for the commands a runbook runs. What a repository says (its `.relops.yml`,
/// its own runbooks, a run state it carries) is data: it may not decide how relops checks or where
/// it acts, since the repository may be a contributor's fork. For each option the command tree
/// marks with an `OperatorAuthority`:
/// - `--repo` must name the run's own repository, whoever gave it: a runbook's commands run on the
///   repository the operator started it in;
/// - another option that says where relops acts (`--out`, `--config`, `--junit`, ...) may name only
///   a path inside the repository when a repository gave it;
/// - an option that says how relops checks (`--resolve`, `--cacert`, `--offline`,
///   `--allow-unchecked`, ...) may not come from a repository at all, unless the operator trusts
///   the repository for this run (`--trust-repository`); the values taken then are listed first.
struct RunAuthority {
    /// The repository the run works on.
    let repositoryRoot: String
    /// The operator's `--trust-repository`: repository values may set how relops checks.
    let trustsRepository: Bool
    /// The relops command tree the words are read against.
    let tree: CommandSpec

    /// Each repository value `words` gives to an option that decides how relops checks (as
    /// "origin: --option value"), when the operator trusts the repository. A value a repository
    /// may not give, or a `--repo` that names another repository, is bad input that names where
    /// the value came from and what to do.
    func check(_ words: [ArgumentWord]) throws(Failure) -> [String] {
        let texts = words.map(\.text)
        var taken: [String] = []
        var problems: [String] = []
        for given in tree.read(texts).options {
            guard let authority = given.spec.authority else { continue }
            let origin = words[given.wordIndex].origin ?? given.valueIndex.flatMap { words[$0].origin }
            let value = given.value(in: texts)
            let shown = "--\(given.spec.name)" + (value.map { " \(quoteForDisplay($0))" } ?? "")
            switch authority {
            case .whereItActs:
                if let problem = place(given.spec, value: value, shown: shown, origin: origin) {
                    problems.append(problem)
                }
            case .howItChecks:
                guard let origin else { continue }
                if trustsRepository {
                    taken.append("\(origin): \(shown)")
                } else {
                    problems.append(
                        "\(origin): `\(shown)` decides how relops checks, which only the operator decides; give it "
                            + "yourself (--var, RELOPS_<NAME> or the command line), or pass --trust-repository to "
                            + "take the repository's value for this run")
                }
            }
        }
        guard problems.isEmpty else {
            let line = (["relops"] + texts.map(quoteForDisplay)).joined(separator: " ")
            throw Failure(.badInput, (["`\(line)` is refused:"] + problems.map { "  " + $0 }).joined(separator: "\n"))
        }
        return taken
    }

    /// Why a path option may not be taken (nil when it may): `--repo` must be the run's repository;
    /// a path a repository gave must stay inside it.
    private func place(_ option: OptionSpec, value: String?, shown: String, origin: String?) -> String? {
        guard var path = value, !path.isEmpty else { return nil }
        // `anchors audit --repo PREFIX=PATH`: the path follows the prefix.
        if option.valueName?.contains("=") == true, let eq = path.firstIndex(of: "=") {
            path = String(path[path.index(after: eq)...])
        }
        let from = origin.map { " (from \($0))" } ?? ""
        if option.name == "repo" && option.valueName == "PATH" {
            guard realPath(path) == realPath(repositoryRoot) else {
                return "`\(shown)`\(from): a runbook runs its commands on the repository it was started in "
                    + "(\(repositoryRoot)), never on another"
            }
            return nil
        }
        guard let origin else { return nil }
        do {
            _ = try RepositoryPath.resolve(relative(path), in: repositoryRoot, missingAllowed: true)
            return nil
        } catch {
            return "\(origin): `\(shown)`: \(error.description); a value from the repository names only paths inside it"
        }
    }

    /// `path` relative to the repository root (an absolute path outside it stays absolute, which
    /// `RepositoryPath` refuses).
    private func relative(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let root = realPath(repositoryRoot)
        let real = realPath(path)
        if real == root { return "." }
        return real.hasPrefix(root + "/") ? String(real.dropFirst(root.count + 1)) : path
    }

    private func realPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : repositoryRoot + "/" + path
        return ShippedFiles.realPath(absolute)
    }
}
