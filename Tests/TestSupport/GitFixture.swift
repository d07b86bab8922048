import Foundation
import Testing

/// A real git repository in a temporary folder, driven by the `git` CLI (tests may use git as a
/// fixture; product code never does).
public final class GitFixture: @unchecked Sendable {
    public let folder: TemporaryFolder
    public var root: String { folder.path }

    /// `git init` on branch main with a fixed author, so commits are reproducible.
    public init(_ label: String = "repo") {
        folder = TemporaryFolder(label)
        git("init", "-q", "-b", "main")
        git("config", "user.name", "Test Author")
        git("config", "user.email", "author@example.com")
        git("config", "commit.gpgsign", "false")
        git("config", "core.autocrlf", "false")
    }

    /// Runs git in the repository and returns its stdout; a failure fails the test, naming the
    /// command and git's message.
    @discardableResult
    public func git(
        _ arguments: String..., environment: [String: String] = [:]
    ) -> String {
        git(arguments, environment: environment)
    }

    @discardableResult
    public func git(
        _ arguments: [String], environment: [String: String] = [:]
    ) -> String {
        let result = runGit(arguments, in: root, environment: environment)
        if result.status != 0 {
            Issue.record(
                "git \(arguments.joined(separator: " ")) failed (\(result.status)) in \(root): \(result.stderr)")
        }
        return result.stdout
    }

    public func write(_ path: String, _ text: String) { folder.write(path, text) }
    public func write(_ path: String, bytes: [UInt8]) { folder.write(path, bytes: bytes) }
    public func read(_ path: String) -> [UInt8] { folder.read(path) }
    public func readText(_ path: String) -> String { folder.readText(path) }

    /// Stages everything and commits; `date` (ISO 8601) sets author and committer dates.
    @discardableResult
    public func commit(_ message: String, date: String? = nil)
        -> String
    {
        git("add", "-A")
        var env: [String: String] = [:]
        if let date {
            env["GIT_AUTHOR_DATE"] = date
            env["GIT_COMMITTER_DATE"] = date
        }
        git(["commit", "-q", "--allow-empty", "-m", message], environment: env)
        return git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs the git CLI in `root` without the machine's configuration (no system config, `HOME` at
/// `root`), so nothing outside the test changes what it reads or writes.
public func runGit(_ arguments: [String], in root: String, environment: [String: String] = [:]) -> ProcessOutput {
    var env = ["GIT_CONFIG_NOSYSTEM": "1", "HOME": root]
    for (k, v) in environment { env[k] = v }
    return runProcess("git", arguments, in: root, environment: env)
}

/// What the git CLI prints in `root` (a repository made by a test); a failure is a test issue.
public func gitOutput(
    _ arguments: String..., in root: String
) -> String {
    let result = runGit(arguments, in: root)
    #expect(
        result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
    return result.stdout
}
