import Git
import TestSupport
import Testing

@testable import Anchors

/// `git blame` is the oracle: on seeded merge-heavy histories, the commit relops names for each
/// line of the document is the one `git blame --porcelain` names. Every line is unique, so the
/// two agree even where they reach it by different parents (git passes a whole file to a parent
/// with the same blob; relops passes a line to the first parent that has it unchanged).
@Suite struct BlameOracleTests {
    @Test(arguments: 0..<50)
    func relopsNamesTheCommitGitBlameNames(seed: Int) throws {
        let history = MergeHistory(seed: UInt64(seed))
        let repository = try Repository(at: history.repo.root)
        let code = try CodeRepository(
            name: "", repository: repository, target: try repository.resolveCommit("HEAD"), holdsDocuments: true)
        let owners = try code.blame(path: MergeHistory.doc, content: history.repo.read(MergeHistory.doc))
        let blamed = history.gitBlame()
        try #require(owners.count == blamed.count)
        let lines = history.repo.readText(MergeHistory.doc).split(separator: "\n", omittingEmptySubsequences: false)
        for (k, (owner, oracle)) in zip(owners, blamed).enumerated() where owner?.hex != oracle {
            Issue.record(
                """
                seed \(seed), line \(k + 1) "\(lines[k])": relops \(owner?.short ?? "nil") \
                (\(owner.map { history.subject($0.hex) } ?? "")), git blame \(oracle.prefix(7)) \
                (\(history.subject(oracle)))
                """)
        }
    }
}
