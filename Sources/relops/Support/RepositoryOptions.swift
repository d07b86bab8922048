import CommandLine

/// Options several commands share, declared once: help, completion and man pages read them from here.
enum RepositoryOptions {
    /// `--repo PATH`: the repository a command works on. Where relops acts is the operator's to say,
    /// never a repository runbook's.
    static let repo = Option<String?>.value(
        "repo", "PATH", authority: .whereItActs,
        help: "The repository (default: the one enclosing the current folder).")
}
