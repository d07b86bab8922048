import Foundation
import Git
import RelopsCore
import Scan

/// Occurrences in files git records as files that are symlinks in the working tree now (a file
/// replaced by a link after a preview listed its edits): relops writes through no symlink, so
/// each occurrence of `hosts` in the content git records is named as left alone, with why,
/// instead of dropping out of the plan unsaid. Lines already named (in the link text) and lines
/// an exclusion keeps are not repeated. A recorded blob that cannot be read is "could not check".
func symlinkedFileOccurrences(
    _ project: Project, _ result: ScanResult, hosts: Set<String>, options: CutoverOptions,
    named: [(String, Int, String, CutoverSummary.LeftAloneKind)]
) throws(Failure) -> [(String, Int, String, CutoverSummary.LeftAloneKind)] {
    guard !result.symlinks.isEmpty else { return [] }
    let repository = project.repository
    let tracked: [String: TrackedIDs]
    do { tracked = try repository.trackedIDs(for: result.symlinks.sorted()) } catch {
        throw Failure(.couldNotCheck, "\(project.root): cannot read the index: \(error.message)")
    }
    var found: [(String, Int, String, CutoverSummary.LeftAloneKind)] = []
    for path in result.symlinks.sorted() {
        guard let entry = tracked[path], let id = entry.index,
            entry.indexKind == .file || entry.indexKind == .executable
        else { continue }
        let bytes: [UInt8]
        do { bytes = try repository.blobContent(id) } catch {
            throw Failure(
                .couldNotCheck, "\(path): cannot read the content git records (\(id.short)): \(error.message)")
        }
        let reason =
            "tracked as a file, now a symlink: left as it is (relops writes through no symlink and never "
            + "follows one); the file as git records it holds the old host here"
        var lines = Set<Int>()
        for host in hosts.sorted() {
            var counter = LineCounter(bytes)
            for offset in HostSearch.occurrenceOffsets(of: host, in: bytes, includeEmail: options.includeEmail) {
                lines.insert(counter.line(at: offset))
            }
        }
        for line in lines.sorted()
        where options.exclude.keeping(path: path, line: line) == nil
            && !named.contains(where: { $0.0 == path && $0.1 == line })
        {
            found.append((path, line, reason, .symlink))
        }
    }
    return found
}
