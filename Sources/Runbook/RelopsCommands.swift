import CommandLine
import Foundation

/// The relops command tree a runbook's ```relops``` lines are read against: each command's
/// `CommandSpec.writes` says whether it changes the repository, so no second list of the commands
/// that write lives here. Runbook does not depend on the executable: the executable registers its
/// tree at start-up, before any runbook is read.
public enum RelopsCommands {
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var root: CommandSpec?
    }

    private static let registry = Registry()

    /// Makes `root` (the executable's `relops` spec) the tree runbooks are read against.
    public static func register(_ root: CommandSpec) {
        registry.lock.withLock { registry.root = root }
    }

    /// The registered tree. Reading a runbook before the executable registered its commands is a
    /// programmer error: the program stops, saying so.
    static var root: CommandSpec {
        guard let root = registry.lock.withLock({ registry.root }) else {
            preconditionFailure(
                "a runbook was read before the relops commands were registered (RelopsCommands.register)")
        }
        return root
    }
}
