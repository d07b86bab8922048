import Fingerprint
import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Association

/// Issue 31, items 1-3: one containment rule for every path relops reads or writes in a
/// repository. Each reader and writer is fed a path that leaves the repository and must refuse
/// it, leaving every byte inside and outside the repository as it was.
@Suite struct RepositoryContainmentTests {
    static let settings = """
        { "AppAssociation": { "AndroidPackageName": "com.example.app",
          "AndroidCertFingerprints": ["\(AssociationTests.fingerprint)"] } }

        """
    static let newFingerprint = (0..<32).map { String(format: "%02X", $0 + 0x40) }.joined(separator: ":")

    // MARK: the rule itself

    @Test func theRuleResolvesEveryComponentAndRefusesWhatLeaves() throws {
        let box = HostileSandbox()
        box.write("a/b/file.txt", "x\n")
        box.writeOutside("file.txt", "secret\n")
        box.link("inside", to: "a/b")
        box.link("chain", to: "inside")
        box.link("absolute-inside", to: box.root + "/a")
        box.link("away", to: "../outside")
        box.link("a/up", to: "../../outside")
        box.link("loop", to: "loop")
        let canonical = RepositoryPath.canonical(box.root)
        #expect(try RepositoryPath.resolve("chain/file.txt", in: box.root) == canonical + "/a/b/file.txt")
        #expect(try RepositoryPath.resolve("absolute-inside/b/file.txt", in: box.root) == canonical + "/a/b/file.txt")
        #expect(try RepositoryPath.resolve("a/./b/../b/file.txt", in: box.root) == canonical + "/a/b/file.txt")
        #expect(try RepositoryPath.resolve("a/new/x", in: box.root, missingAllowed: true) == canonical + "/a/new/x")
        let cases: [(String, (RepositoryPathError.Kind) -> Bool)] = [
            ("/etc/hosts", { $0 == .absolute }),
            ("../outside/file.txt", { if case .leaves = $0 { true } else { false } }),
            ("a/../../outside/file.txt", { if case .leaves = $0 { true } else { false } }),
            (
                "away/file.txt",
                { if case .leaves(let through, _) = $0 { through.contains("away is a symlink") } else { false } }
            ),
            (
                "a/up/file.txt",
                { if case .leaves(let through, _) = $0 { through.contains("a/up is a symlink") } else { false } }
            ),
            ("away/new-file", { if case .leaves = $0 { true } else { false } }),
            ("loop/x", { $0 == .tooManyLinks }),
            ("a/missing", { $0 == .missing }),
        ]
        for (path, expected) in cases {
            let error = #expect(throws: RepositoryPathError.self) {
                try RepositoryPath.resolve(path, in: box.root, missingAllowed: path == "away/new-file")
            }
            #expect(error.map { expected($0.kind) } == true, "\(path): \(String(describing: error))")
        }
        let leaving = try #require(
            #expect(throws: RepositoryPathError.self) { try RepositoryPath.resolve("away/file.txt", in: box.root) })
        #expect(leaving.description.contains(box.outside + "/file.txt"), "\(leaving)")
        #expect(leaving.category == .badInput)
    }

    @Test func theReaderReadsOnlyRegularFilesWithinTheLimit() throws {
        let box = HostileSandbox()
        box.write("ok.json", "[]\n")
        box.write("big.json", String(repeating: "x", count: 2048))
        box.fifo("pipe.json")
        #expect(try RepositoryFile.read("ok.json", in: box.root, limit: 10) == Array("[]\n".utf8))
        let fifo = #expect(throws: RepositoryPathError.self) {
            try RepositoryFile.read("pipe.json", in: box.root, limit: 10)
        }
        #expect(fifo?.kind == .notRegular(kind: "a FIFO"))
        let big = #expect(throws: RepositoryPathError.self) {
            try RepositoryFile.read("big.json", in: box.root, limit: 1024)
        }
        #expect(big?.kind == .tooLarge(size: 2048, limit: 1024))
    }

    // MARK: every reader, fed an escaping path

    /// A repository in which every path relops reads leads outside, through a symlinked folder,
    /// a tracked symlink or `..`: each reader must refuse it.
    @Test func everyReaderRefusesAPathThatLeavesTheRepository() throws {
        let box = HostileSandbox()
        box.writeOutside("appsettings.json", Self.settings)
        box.writeOutside("assetlinks.json", "[]\n")
        box.writeOutside("site.conf", "server { location = /.well-known/assetlinks.json { return 200 '[]'; } }\n")
        box.writeOutside("Dockerfile", "FROM nginx\nCOPY site /usr/share/nginx/html\n")
        box.writeOutside("relops.yml", "app:\n  web_host: outside.example.com\n")
        box.writeOutside("compose.yaml", "services:\n  web:\n    volumes:\n      - ./site:/srv\n")
        box.link("Web", to: "../outside")
        box.link("public/.well-known", to: "../../outside")
        box.link(".relops.yml", to: "Web/relops.yml")
        let before = box.snapshot()
        let root = box.root
        let readers: [(String, () throws -> Void)] = [
            ("ServedFile.read", { _ = try ServedFile.read("public/.well-known/assetlinks.json", root: root) }),
            ("ServedFile.resolve", { _ = try ServedFile.resolve("public/.well-known/assetlinks.json", root: root) }),
            ("ServedFile.document", { _ = try ServedFile.document("public/.well-known/assetlinks.json", root: root) }),
            (
                "ConfigTarget.inRepository",
                {
                    _ = try ConfigTarget.inRepository("Web/appsettings.json", root: root, keyPath: ["A", "B"])
                }
            ),
            (
                "ConfigTarget.resolve (..)",
                {
                    _ = try ConfigTarget.resolve(
                        config: nil, key: nil, projectSetting: "../outside/appsettings.json#AppAssociation:X",
                        root: root)
                }
            ),
            (
                "ConfigTarget.resolve (absolute)",
                {
                    _ = try ConfigTarget.resolve(
                        config: nil, key: nil, projectSetting: box.outside + "/appsettings.json#AppAssociation:X",
                        root: root)
                }
            ),
            (
                "ConfigTarget.resolve (symlinked folder)",
                {
                    _ = try ConfigTarget.resolve(
                        config: nil, key: nil, projectSetting: "Web/appsettings.json#AppAssociation:X", root: root)
                }
            ),
            (
                "RepositoryFile.read",
                {
                    _ = try RepositoryFile.read("Web/Dockerfile", in: root, limit: RepositoryFile.Limit.buildFile)
                }
            ),
            ("ProjectConfig.load", { _ = try ProjectConfig.load(repositoryRoot: root) }),
            (
                "AssociationSourceFinder.readNginx",
                {
                    var finder = AssociationSourceFinder(root: root, config: ProjectConfig())
                    _ = try finder.readNginx("Web/site.conf")
                }
            ),
            (
                "AssociationSourceFinder settings",
                {
                    var finder = AssociationSourceFinder(root: root, config: ProjectConfig())
                    finder.add("Web/appsettings.json")
                    _ = try finder.finish()
                }
            ),
            (
                "ServedPathMapping Dockerfile",
                {
                    _ = try ServedPathMapping(root: root, tracked: ["Web/Dockerfile"], files: ["Web/Dockerfile"])
                }
            ),
            (
                "ServedPathMapping compose",
                {
                    _ = try ServedPathMapping(root: root, tracked: ["Web/compose.yaml"], files: ["Web/compose.yaml"])
                }
            ),
        ]
        for (name, read) in readers {
            let error = #expect(throws: (any Error).self, "\(name)") { try read() }
            let message = (error as? any RelopsFailure)?.description ?? "\(String(describing: error))"
            #expect(
                message.contains("leads outside the repository") || message.contains("an absolute path"),
                "\(name): \(message)")
            #expect((error as? any RelopsFailure)?.category == .badInput, "\(name)")
        }
        #expect(box.changes(since: before) == [])
    }

    /// The readers `association sources` runs over tracked files: an nginx configuration, a
    /// Dockerfile, a compose file and `.relops.yml`, each a tracked symlink leading outside.
    @Test(arguments: [
        ("nginx/site.conf", "../../outside/site.conf"), ("Dockerfile", "../outside/Dockerfile"),
        ("deploy/compose.yaml", "../../outside/Dockerfile"), ("deploy/nginx/conf.d/a.conf", "/{outside}/site.conf"),
        (".relops.yml", "../outside/relops.yml"),
    ])
    func trackedFilesLeadingOutsideAreRefusedByTheFinder(_ path: String, _ target: String) throws {
        let box = HostileSandbox()
        box.writeOutside("site.conf", "server { location = /.well-known/assetlinks.json { return 200 '[]'; } }\n")
        box.writeOutside("Dockerfile", "FROM nginx\nCOPY site /usr/share/nginx/html\n")
        box.writeOutside("relops.yml", "app:\n  web_host: outside.example.com\n")
        box.write("README.md", "hostile\n")
        box.link(path, to: target.replacingOccurrences(of: "/{outside}", with: box.outside))
        box.commit()
        let before = box.snapshot()
        let run = box.relopsBounded(["association", "sources"])
        #expect(!run.timedOut)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("\(path): leads outside the repository"), "\(run.stderr)")
        #expect(!run.stdout.contains("return 200"))
        #expect(box.changes(since: before) == [])
    }
}
