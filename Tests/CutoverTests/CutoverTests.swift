import Cutover
import Foundation
import Git
import RelopsCore
import Scan
import TestSupport
import Testing

let old = "app.example.com"
let new = "links.example.net"

func plan(_ repo: GitFixture, from: String = old, to: String = new) throws -> CutoverPlan {
    try planCutover(try Project(path: repo.root), from: from, to: to)
}

func apply(_ repo: GitFixture, _ options: ApplyOptions = ApplyOptions()) throws -> ApplyOutcome {
    let project = try Project(path: repo.root)
    return try applyCutover(project, try planCutover(project, from: old, to: new), options, lock: try locked(project))
}

/// The repository lock, as the command takes it around an apply, undo or recovery.
func locked(_ project: Project) throws -> RepositoryLock { try RepositoryLock(project: project, purpose: "test") }

@Suite struct CutoverTests {
    @Test func everyClassIsRewrittenAndNoRelatedHostIsTouched() throws {
        let repo = makeAppRepository()
        repo.write(
            "Docs/related.md", "staging.app.example.com and preview-app.example.com and app.example.com.evil.example\n")
        repo.commit("related")
        let before = try scanRepositoryClasses(repo)
        let outcome = try apply(repo)
        #expect(outcome.journal.state == .applied)
        let after = try scan(try Project(path: repo.root), ScanRequest(hosts: [old, new]))
        #expect(after.occurrences.filter { $0.host == old }.isEmpty)
        #expect(Set(after.occurrences.filter { $0.host == new }.map(\.occurrenceClass)) == before)
        #expect(
            repo.readText("Docs/related.md")
                == "staging.app.example.com and preview-app.example.com and app.example.com.evil.example\n")
        #expect(
            repo.readText("Source/App.UI/Platforms/iOS/Entitlements.plist")
                == "<string>applinks:links.example.net</string>\n")
    }

    func scanRepositoryClasses(_ repo: GitFixture) throws -> Set<OccurrenceClass> {
        Set(try scan(try Project(path: repo.root), ScanRequest(hosts: [old])).occurrences.map(\.occurrenceClass))
    }

    @Test func lineEndingsBOMEncodingsAndModesAreKept() throws {
        let repo = GitFixture()
        repo.write("crlf.json", "{\r\n  \"a\": \"https:\\/\\/APP.EXAMPLE.COM\\/x\"\r\n}\r\n")
        repo.write("bom.txt", bytes: [0xEF, 0xBB, 0xBF] + Array("https%3A%2F%2Fapp.example.com%2Fcb\n".utf8))
        repo.write("run.sh", "#!/bin/sh\ncurl https://app.example.com/\n")
        chmod(repo.root + "/run.sh", 0o755)
        repo.commit("forms")
        _ = try apply(repo)
        #expect(repo.readText("crlf.json") == "{\r\n  \"a\": \"https:\\/\\/LINKS.EXAMPLE.NET\\/x\"\r\n}\r\n")
        #expect(repo.read("bom.txt") == [0xEF, 0xBB, 0xBF] + Array("https%3A%2F%2Flinks.example.net%2Fcb\n".utf8))
        var info = stat()
        stat(repo.root + "/run.sh", &info)
        #expect(info.st_mode & 0o777 == 0o755)
    }

    @Test func symlinksBinaryFilesAndUntrackedFilesAreNeverWritten() throws {
        let outside = TemporaryFolder("outside")
        outside.write("target.txt", "app.example.com\n")
        let repo = GitFixture()
        repo.write("a.txt", "app.example.com\n")
        repo.write("logo.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0] + Array("app.example.com".utf8))
        symlink(outside.url("target.txt"), repo.root + "/escape.txt")
        symlink("app.example.com", repo.root + "/named")
        repo.commit("links")
        repo.write("untracked.txt", "app.example.com\n")
        let thePlan = try plan(repo)
        #expect(thePlan.files.map(\.path) == ["a.txt"])
        #expect(thePlan.binaryFiles == ["logo.png"])
        #expect(thePlan.notRewritten.map(\.path) == ["named"])
        _ = try apply(repo)
        #expect(outside.readText("target.txt") == "app.example.com\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: repo.root + "/named") == "app.example.com")
        #expect(repo.readText("untracked.txt") == "app.example.com\n")
        #expect(repo.read("logo.png").count == 20)
    }

    @Test func aDirtyAffectedFileStopsTheApplyUnlessAllowed() throws {
        let repo = GitFixture()
        repo.write("a.txt", "app.example.com\n")
        repo.write("b.txt", "unrelated\n")
        repo.commit("base")
        repo.write("a.txt", "app.example.com\nlocal edit\n")
        #expect {
            try apply(repo)
        } throws: { error in
            let failure = error as? Failure
            return failure?.category == .checkFailed && failure?.message.contains("a.txt") == true
        }
        #expect(repo.readText("a.txt") == "app.example.com\nlocal edit\n")
        _ = try apply(repo, ApplyOptions(allowDirty: true))
        #expect(repo.readText("a.txt") == "links.example.net\nlocal edit\n")
    }

    @Test func undoRestoresByteForByteAndRefusesFilesChangedSince() throws {
        let repo = makeAppRepository()
        let originals = ["Source/App.UI/appsettings.json", "Docs/runbook.md", "deploy/main.bicep"].map {
            ($0, repo.read($0))
        }
        let outcome = try apply(repo)
        repo.write("Docs/runbook.md", "edited after the cutover\n")
        let project = try Project(path: repo.root)
        let partial = try undoCutover(project, id: nil, force: false, lock: try locked(project))
        #expect(partial.changedSince == ["Docs/runbook.md"])
        #expect(repo.readText("Docs/runbook.md") == "edited after the cutover\n")
        #expect(repo.read("Source/App.UI/appsettings.json") == originals[0].1)
        let forced = try undoCutover(project, id: outcome.journal.id, force: true, lock: try locked(project))
        #expect(forced.restored.contains("Docs/runbook.md"))
        for (path, bytes) in originals { #expect(repo.read(path) == bytes, "\(path)") }
        #expect(try CutoverJournal.all(project).last?.state == .undone)
        #expect(repo.git("status", "--porcelain").isEmpty)
    }

    @Test func commitCreatesTheBranchAndOneCommitReadBackWithLibgit2() throws {
        let repo = makeAppRepository()
        let outcome = try apply(repo, ApplyOptions(commit: true))
        let repository = try Repository(discovering: repo.root)
        #expect(repository.currentBranch == "relops/cutover-links.example.net")
        let head = try repository.commitInfo(try repository.resolveCommit("HEAD"))
        #expect(head.id == outcome.commit)
        #expect(head.subject == "Cut over from app.example.com to links.example.net")
        #expect(
            head.message.contains(
                "binary-config:\n  Source/App.UI/Resources/Raw/links.json\n  Source/App.UI/appsettings.json\n"))
        #expect(head.authorName == "Test Author")
        #expect(Set(try repository.changedPaths(in: head.id)) == Set(outcome.journal.files.map(\.path)))
        #expect(repo.git("status", "--porcelain").isEmpty)
        // A second cutover onto the same host refuses the existing branch.
        repo.git("checkout", "-q", "main")
        #expect(throws: Failure.self) { try apply(repo, ApplyOptions(allowDirty: true, commit: true)) }
    }

    @Test func badNewHostsAreRefused() throws {
        let repo = GitFixture()
        repo.write("a.txt", "app.example.com and staging.app.example.com\n")
        repo.commit("a")
        for bad in [
            "app.example.com", "APP.example.com", "staging.app.example.com", "https://x.example.com", "-x.example.com",
            "nodot", "a..b.com", String(repeating: "x", count: 64) + ".example.com",
        ] {
            #expect(throws: Failure.self, "\(bad)") { try plan(repo, to: bad) }
        }
        let unicode = try plan(repo, to: "bücher.example")
        #expect(unicode.to == "xn--bcher-kva.example" && unicode.toUnicode == "bücher.example")
    }

    @Test func theNewHostAlreadyPresentIsReportedBeforeApplying() throws {
        let repo = GitFixture()
        repo.write("a.txt", "app.example.com\n")
        repo.write("App/App.entitlements", "<string>applinks:app.example.com</string>\n")
        repo.write("b.md", "we move to links.example.net soon\n")
        repo.commit("a")
        let thePlan = try plan(repo)
        #expect(thePlan.newHostAlreadyAt.map(\.path) == ["b.md"])
        #expect(thePlan.followUps.first?.title.contains("Serve the association files on links.example.net") == true)
    }
}

@Suite struct CutoverSafetyTests {
    @Test func aFolderReplacedByASymlinkAfterTheScanIsRefused() throws {
        let outside = TemporaryFolder("outside")
        outside.write("a.txt", "app.example.com\n")
        let repo = GitFixture()
        repo.write("dir/a.txt", "app.example.com\n")
        repo.commit("a")
        let project = try Project(path: repo.root)
        let thePlan = try planCutover(project, from: old, to: new)
        // Between plan and apply, the folder becomes a link to somewhere else.
        try FileManager.default.removeItem(atPath: repo.root + "/dir")
        symlink(outside.path, repo.root + "/dir")
        #expect {
            try applyCutover(project, thePlan, ApplyOptions(allowDirty: true), lock: try locked(project))
        } throws: { error in
            (error as? Failure)?.message.contains("folder dir is a symlink") == true
        }
        #expect(outside.readText("a.txt") == "app.example.com\n")
    }
}

@Suite struct BlobIDTests {
    @Test func openSSLBlobIDsEqualGitsOwn() throws {
        for content in [[], Array("hello\n".utf8), Array(repeating: UInt8(7), count: 70_000)] {
            #expect(try gitBlobID(of: content) == (try Repository.blobID(of: content)))
        }
    }
}

@Suite struct UnfinishedJournalTests {
    @Test func applyRefusesWhileAnInterruptedCutoverIsUnfinished() throws {
        let repo = GitFixture()
        repo.write("a.txt", "app.example.com\n")
        repo.commit("a")
        let project = try Project(path: repo.root)
        let thePlan = try planCutover(project, from: old, to: new)
        _ = try applyCutover(project, thePlan, ApplyOptions(), lock: try locked(project))
        // Mark the journal as cut off halfway, as a SIGKILL during the renames leaves it.
        let folder = CutoverJournal.folder(project)
        let file = folder + "/" + (try FileManager.default.contentsOfDirectory(atPath: folder).first!)
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: "\"applied\"", with: "\"applying\"")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        repo.write("b.txt", "app.example.com\n")
        repo.commit("b")
        let second = try planCutover(project, from: old, to: "third.example.net")
        #expect {
            try applyCutover(project, second, ApplyOptions(allowDirty: true), lock: try locked(project))
        } throws: { error in
            (error as? Failure)?.category == .checkFailed
                && ((error as? Failure)?.message.contains("was interrupted") ?? false)
        }
        #expect(repo.readText("b.txt") == "app.example.com\n")
        #expect(try finishInterruptedCutovers(project, lock: try locked(project)).count == 1)
        _ = try applyCutover(
            project, try planCutover(project, from: old, to: "third.example.net"), ApplyOptions(allowDirty: true),
            lock: try locked(project))
        #expect(repo.readText("b.txt") == "third.example.net\n")
    }
}

/// Issue 40, case 5: a cutover leaves every name that only spells the host byte for byte.
@Suite struct HostSpellingCutoverTests {
    @Test func applyRewritesTheHostAndLeavesDeclarationsBundleNamesAndIdentifiers() throws {
        for subdomains in [false, true] {
            let repo = makeHostSpellingRepository()
            let files = [
                "android/app/build.gradle", "android/app/src/main/java/example/app/Links.java", "Shared/Links.cs",
                "ios/Example.xcodeproj/xcshareddata/xcschemes/Example.xcscheme", "ios/scripts/package.sh",
            ]
            let before = files.map { repo.read($0) }
            let project = try Project(path: repo.root)
            let thePlan = try planCutover(
                project, from: "example.app", to: "example.net", options: CutoverOptions(subdomains: subdomains))
            #expect(thePlan.familyRenames.isEmpty)
            #expect(thePlan.notHost.count == 18)
            #expect(try CutoverDocument(thePlan, outcome: nil).jsonText().contains("\"not_host\""))
            _ = try applyCutover(project, thePlan, ApplyOptions(), lock: try locked(project))
            #expect(files.map { repo.read($0) } == before)
            #expect(repo.readText("README.md") == "Example lives at https://example.net.\n")
            let kotlin = repo.readText("android/app/src/main/kotlin/example/app/MainActivity.kt")
            #expect(kotlin.hasPrefix("package example.app\n\nimport example.app.ui.Theme\nimport com.example.app.R\n"))
            #expect(kotlin.contains("\"https://example.net/privacy\""))
            let pbxproj = repo.readText("ios/Example.xcodeproj/project.pbxproj")
            #expect(pbxproj.contains("WEB_HOST = example.net;"))
            #expect(pbxproj.contains("/* Example.app */") && pbxproj.contains("path = Example.app;"))
            #expect(pbxproj.contains("PRODUCT_BUNDLE_IDENTIFIER = com.example.app;"))
            #expect(pbxproj.contains("TEST_HOST = \"$(BUILT_PRODUCTS_DIR)/Example.app/Example\";"))
        }
    }
}
