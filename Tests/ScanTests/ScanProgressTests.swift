import Git
import RelopsCore
import Synchronization
import TestSupport
import Testing

@testable import Scan

/// `scan`'s progress: what a person at a terminal sees while a large repository is read.
@Suite struct ScanProgressTests {
    /// Every 4,096 files, with the total, counted over both workers; never more often.
    @Test func progressIsReportedEvery4096FilesOfTheTotal() throws {
        let repo = GitFixture("progress")
        for i in 0..<4_200 { repo.write("src/f\(i / 500)/file\(i).txt", "line \(i)\n") }
        repo.commit("many files")
        let reports = Mutex<[[Int]]>([])
        _ = try scan(
            try Project(path: repo.root), ScanRequest(hosts: ["app.example.com"], workers: 2),
            progress: { done, total in reports.withLock { $0.append([done, total]) } })
        #expect(reports.withLock { $0 }.sorted { $0[0] < $1[0] } == [[4096, 4200]])
    }
}
