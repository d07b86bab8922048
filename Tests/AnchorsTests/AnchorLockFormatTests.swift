import Anchors
import Foundation
import RelopsCore
import TestSupport
import Testing

/// The anchors lock as saved (byte for byte as the writer before it became `Codable`), and a
/// damaged lock refused naming its path.
@Suite struct AnchorLockFormatTests {
    static let base = "0123456789abcdef0123456789abcdef01234567"

    @Test func theLockIsWrittenAsBefore() throws {
        let lock = AnchorLock(entries: [
            .init(doc: "Docs/b.md", repo: "", path: "Src/B \"quoted\".cs", start: 9, end: 12, base: Self.base),
            .init(doc: "Docs/a.md", repo: "backend", path: "Src/Ünï\tcode.cs", start: 1, end: 1, base: Self.base),
        ])
        expectGolden(try lock.rendered(), at: "Tests/Golden/AnchorsTests/anchors-lock.json")
        expectGolden(try AnchorLock().rendered(), at: "Tests/Golden/AnchorsTests/anchors-lock-empty.json")
    }

    @Test func aLockWrittenBeforeReadsAsItWas() throws {
        let repo = GitFixture()
        try FileManager.default.createDirectory(atPath: repo.root + "/.relops", withIntermediateDirectories: true)
        let golden = sourceRoot + "/Tests/Golden/AnchorsTests/anchors-lock.json"
        try FileManager.default.copyItem(atPath: golden, toPath: repo.root + "/" + AnchorLock.relativePath)
        let lock = try AnchorLock.load(root: repo.root)
        #expect(lock.entries.map(\.doc) == ["Docs/a.md", "Docs/b.md"])
        #expect(lock.entries.last?.path == "Src/B \"quoted\".cs" && lock.entries.last?.end == 12)
    }

    /// `relops anchors audit` on a repository whose lock is `text`: exit 2 naming the lock and `reason`.
    func expectAuditRefuses(_ text: String, reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let repo = AnchorRepo.drifted()
        repo.fixture.write(AnchorLock.relativePath, text)
        let run = relops(["anchors", "audit"], in: repo.root)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)", sourceLocation: sourceLocation)
        #expect(
            run.stderr.contains(repo.root + "/.relops/anchors.lock: " + reason), "\(run.stderr)",
            sourceLocation: sourceLocation)
    }

    static func lock(version: String = "1", start: String = "5", base: String? = AnchorLockFormatTests.base) -> String {
        let baseField = base.map { ", \"base\": \"\($0)\"" } ?? ""
        return "{\"version\": \(version), \"anchors\": [{\"doc\": \"Docs/adr/0001-deep-links.md\", \"repo\": \"\", "
            + "\"path\": \"Src/A.cs\", \"start\": \(start), \"end\": 5\(baseField)}]}\n"
    }

    @Test func aTruncatedLockIsRefusedNamingIt() {
        let text = Self.lock()
        expectAuditRefuses(String(text.prefix(text.count / 2)), reason: "not a readable anchors lock: not valid JSON")
    }

    @Test func aFieldOfTheWrongTypeIsRefusedNamingIt() {
        expectAuditRefuses(
            Self.lock(start: "\"5\""),
            reason: "anchors lock field `anchors[0].start` has the wrong type (a whole number expected)")
    }

    @Test func aMissingFieldIsRefusedNamingIt() {
        expectAuditRefuses(Self.lock(base: nil), reason: "anchors lock field `anchors[0]` lacks `base`")
    }

    @Test func aNewerVersionIsRefusedNamingIt() {
        expectAuditRefuses(
            Self.lock(version: "2"), reason: "anchors lock field `version`: version 2 is not one this relops reads")
    }

    @Test func theWellFormedLockIsRead() {
        let repo = AnchorRepo.drifted()
        repo.fixture.write(AnchorLock.relativePath, Self.lock())
        let run = relops(["anchors", "audit"], in: repo.root)
        #expect(run.status == 1 && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
    }
}
