import Foundation
import Git
import RelopsCore

/// Where `relops demo` works: a fresh folder under the system's temporary folder (removed when the
/// demo ends), or the folder `--keep` names (kept). It holds the sample repository, the new
/// certificate as Play Console would hand it out (outside the repository), and the report.
public struct DemoWorkspace: Sendable {
    /// The folder, with symlinks resolved.
    public let folder: String
    /// True when the folder stays after the demo (`--keep`).
    public let kept: Bool

    /// The sample repository's working tree.
    public var repository: String { folder + "/sample-app" }
    /// The new app signing certificate.
    public var certificate: String { folder + "/play-console/deployment_cert.pem" }
    /// The Markdown report of the three runs.
    public var report: String { folder + "/report.md" }

    /// The prefix of a temporary workspace's name in the system's temporary folder.
    public static let temporaryPrefix = "relops-demo-"

    /// A fresh temporary workspace, or `keep` (created if missing; an existing folder must be empty).
    public init(keep: String?) throws(Failure) {
        let manager = FileManager.default
        guard let keep else {
            let base = (NSTemporaryDirectory() as NSString).resolvingSymlinksInPath
            var template = Array((base + "/" + Self.temporaryPrefix + "XXXXXX").utf8CString)
            let made = template.withUnsafeMutableBufferPointer { buffer in
                mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
            }
            guard let made else {
                throw Failure(
                    .couldNotCheck, "\(base): cannot create a temporary folder: \(String(cString: strerror(errno)))")
            }
            folder = made
            kept = false
            return
        }
        let path = keep.hasPrefix("/") ? keep : manager.currentDirectoryPath + "/" + keep
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Failure(.usage, "--keep \(keep): exists and is not a folder") }
            let entries = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted()
            guard entries.isEmpty else {
                let shown = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
                throw Failure(
                    .usage, "--keep \(keep): the folder is not empty (it holds \(shown)); name a new or empty folder")
            }
        } else {
            do {
                try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw Failure(.couldNotCheck, "--keep \(keep): cannot create the folder: \(error.localizedDescription)")
            }
        }
        folder = (path as NSString).resolvingSymlinksInPath
        kept = true
    }

    /// Removes a temporary workspace; a kept one stays.
    public func removeIfTemporary() {
        if !kept { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Writes the sample history as commits (through libgit2) and the new certificate.
    public func writeSample() throws(Failure) {
        let repository: Repository
        do {
            repository = try Repository.create(at: self.repository)
        } catch {
            throw Failure(.couldNotCheck, "\(self.repository): cannot create the sample repository: \(error)")
        }
        try writeOperatorIdentity()
        for commit in SampleRepository.history {
            for file in commit.files { try write(file.content, to: self.repository + "/" + file.path) }
            try self.commit(repository, commit.message, date: commit.date)
        }
        try write(SampleRepository.newCertificatePEM, to: certificate)
    }

    /// Gives the sample repository the demo operator's git identity in its own config, so the
    /// runbook's `cutover --apply --commit` can sign its commit on a machine whose git has no
    /// identity (a fresh one); the operator's own configuration is neither read nor changed.
    func writeOperatorIdentity() throws(Failure) {
        let config = repository + "/.git/config"
        let existing = FileManager.default.contents(atPath: config).map { Array($0) } ?? []
        let identity = "[user]\n\tname = \(Demo.operatorName)\n\temail = ada@example.com\n"
        try AtomicFile.write(existing + Array(identity.utf8), to: config)
    }

    /// Commits what a runbook step changed, as the operator would before confirming that it is
    /// committed (the step's `evidence: committed` then holds).
    func commitChanges(_ message: String) throws(Failure) {
        do {
            let repository = try Repository(at: self.repository)
            try repository.commitWorkingTree(
                message: message + "\n",
                author: Signature(name: Demo.operatorName, email: "ada@example.com", date: Date()))
        } catch {
            throw Failure(.couldNotCheck, "\(self.repository): cannot commit \"\(message)\": \(error)")
        }
    }

    private func commit(_ repository: Repository, _ message: String, date: String) throws(Failure) {
        guard let when = ISO8601DateFormatter().date(from: date) else {
            throw Failure(.badInput, "sample commit \"\(message)\": \(date) is not an ISO 8601 date")
        }
        do {
            try repository.commitWorkingTree(
                message: message + "\n", author: Signature(name: "Sam Developer", email: "sam@example.com", date: when))
        } catch {
            throw Failure(.couldNotCheck, "\(self.repository): cannot commit \"\(message)\": \(error)")
        }
    }

    func write(_ text: String, to path: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw Failure(.couldNotCheck, "\(path): cannot create its folder: \(error.localizedDescription)")
        }
        try AtomicFile.write(Array(text.utf8), to: path)
    }
}
