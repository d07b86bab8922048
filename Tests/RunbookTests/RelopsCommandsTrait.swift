import CommandLine
import Runbook
import Testing

@testable import relops

/// Registers the executable's command tree, as `relops` does at start-up, for the length of a
/// suite: the runbook reads which commands write from the commands' own specs.
struct RelopsCommandsTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        RelopsCommands.register(CommandRunner.root)
        try await function()
    }
}

extension Trait where Self == RelopsCommandsTrait {
    /// The relops command tree registered, as the executable registers it.
    static var relopsCommands: Self { RelopsCommandsTrait() }
}
