import Foundation
import RelopsCore
import Scan
import TestSupport

let host = "app.example.com"

func scanRepository(
    _ root: String, hosts: [String] = [host], revision: String? = nil, includeUntracked: Bool = false,
    workers: Int = 2
) throws -> ScanResult {
    let project = try Project(path: root)
    return try scan(
        project, ScanRequest(hosts: hosts, revision: revision, includeUntracked: includeUntracked, workers: workers))
}

extension ScanResult {
    func occurrence(_ path: String) -> HostOccurrence? { occurrences.first { $0.path == path } }
    func classOf(_ path: String) -> OccurrenceClass? { occurrence(path)?.occurrenceClass }
}
