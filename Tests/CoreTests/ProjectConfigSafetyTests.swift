import Foundation
import RelopsCore
import TestSupport
import Testing

/// Hostile `.relops.yml` files: each is refused with its position, never crashes, never echoes.
@Suite struct ProjectConfigSafetyTests {
    func failure(_ text: String) -> Failure? {
        do {
            _ = try ProjectConfig.parse(text, path: "/r/.relops.yml")
            return nil
        } catch { return error }
    }

    @Test func deepNestingIsRefusedWithADepthError() {
        let deep = String(repeating: "[", count: 100_000)
        let message = failure("vars: " + deep)?.message ?? ""
        #expect(message.hasPrefix("/r/.relops.yml:1:"))
        #expect(message.contains("nested more than 64 levels"))
        let mappings = String(repeating: "{a: ", count: 70_000)
        #expect(failure(mappings)?.message.contains("nested more than 64 levels") == true)
    }

    @Test func nestingUpToTheCapIsRead() throws {
        // The root mapping is level 0 and `vars` level 1: 62 more levels still fit under 64.
        let node = String(repeating: "[", count: 62) + "x" + String(repeating: "]", count: 62)
        let message = failure("vars:\n  a: \(node)\n")?.message ?? ""
        #expect(message.contains("`vars.a` must be a single value"), "\(message)")
    }

    @Test func duplicateKeysAreRefusedNamingBothPlaces() {
        let message = failure("app:\n  web_host: a.example.com\n  web_host: b.example.com\n")?.message ?? ""
        #expect(message.hasPrefix("/r/.relops.yml:3:3:"))
        #expect(message.contains("already given at 2:3"))
        #expect(failure("vars:\n  x: 1\n  x: 2\n") != nil)
    }

    @Test func severalDocumentsAreRefused() {
        let message = failure("app:\n  web_host: a.example.com\n---\napp:\n  web_host: b.example.com\n")?.message ?? ""
        #expect(message.hasPrefix("/r/.relops.yml:3:1:"))
        #expect(message.contains("second YAML document"))
        #expect(failure("app:\n  web_host: a.example.com\n...\n") == nil)
    }

    @Test func aNumberWhereAHostIsExpectedIsRefused() {
        for value in ["1234", "1.5", "1e5", "10.0.0.1", "10.0.0.1:80", "[a.example.com]"] {
            let message = failure("app:\n  web_host: \(value)\n")?.message ?? ""
            #expect(message.hasPrefix("/r/.relops.yml:2:13:"), "\(value): \(message)")
        }
        #expect(failure("app:\n  web_host: https://a.example.com/\n")?.message.contains("not a URL") == true)
        #expect(failure("app:\n  web_host: app.example.com\n") == nil)
        #expect(failure("app:\n  web_host: rendered.relops.test:52279\n") == nil)
    }

    @Test func fortyThousandKeysAreRead() throws {
        var text = "vars:\n"
        for n in 0..<40_000 { text += "  name_\(n): value \(n)\n" }
        let config = try ProjectConfig.parse(text, path: ".relops.yml")
        #expect(config.vars.count == 40_000)
        #expect(config.vars.last?.name == "name_39999")
    }

    @Test func contentOfANonConfigFileIsNeverEchoed() {
        let secret = "root:$6$Zq8secretHashValueThatMustNotAppear0123456789:19000:0:99999:7:::"
        for text in [
            secret, "\(secret): x", "app:\n  \(secret): x\n", "classify:\n  - {glob: a, class: \"\(secret)\"}\n",
        ] {
            let message = failure(text)?.message ?? ""
            #expect(!message.isEmpty)
            #expect(!message.contains("secretHash"), "\(message)")
        }
    }

    @Test func aSymlinkLeavingTheRepositoryIsNotFollowed() throws {
        let outside = TemporaryFolder("outside")
        outside.write("shadow", "root:$6$secretHashValue:19000:0:99999:7:::\n")
        let repo = GitFixture()
        symlink(outside.path + "/shadow", repo.root + "/.relops.yml")
        #expect {
            try ProjectConfig.load(repositoryRoot: repo.root)
        } throws: { error in
            let message = (error as? Failure)?.message ?? ""
            return message.contains("leads outside the repository") && !message.contains("secretHash")
                && (error as? Failure)?.category == .badInput
        }
        let dotdot = GitFixture()
        dotdot.write("config/real.yml", "app:\n  web_host: a.example.com\n")
        symlink("config/real.yml", dotdot.root + "/.relops.yml")
        #expect(try ProjectConfig.load(repositoryRoot: dotdot.root).webHost?.description == "a.example.com")
    }

    @Test func aConfigThatIsNotARegularFileIsRefused() throws {
        let repo = GitFixture()
        mkdir(repo.root + "/.relops.yml", 0o755)
        #expect(throws: Failure.self) { try ProjectConfig.load(repositoryRoot: repo.root) }
    }
}
