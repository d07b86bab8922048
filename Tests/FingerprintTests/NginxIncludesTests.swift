import Foundation
import RelopsCore
import Testing

@testable import Association

/// The nginx include index and expansion, the regex work limit and the counted lists, in-process
/// (issue 31, items 4-6, 11, 14).
@Suite struct NginxIncludesTests {
    func configs(_ files: [(String, String)]) throws -> [(path: String, directives: [NginxDirective])] {
        try files.map { path, text in (path, try NginxConfig.parse(text).map { $0.written(in: path) }) }
    }

    @Test func includesAreFoundByNameAndFolderAndExpandedOnce() throws {
        var includes = NginxIncludes(
            try configs([
                ("deploy/nginx.conf", "server { root /srv; include /etc/nginx/snippets/*.conf; include mime.types; }"),
                ("deploy/snippets/a.conf", "location /a { include /etc/nginx/common/shared.conf; }"),
                ("deploy/snippets/b.conf", "location /b { include /etc/nginx/common/shared.conf; }"),
                ("deploy/common/shared.conf", "add_header X-Shared 1;"),
                ("other/elsewhere/c.conf", "location /c { return 404; }"),
            ]))
        #expect(
            includes.targets(of: "/etc/nginx/snippets/*.conf") == ["deploy/snippets/a.conf", "deploy/snippets/b.conf"])
        #expect(includes.targets(of: "snippets/a.conf") == ["deploy/snippets/a.conf"])
        #expect(includes.targets(of: "*/shared.conf") == ["deploy/common/shared.conf"])
        #expect(includes.targets(of: "nothing/*.conf") == [])
        let top = try includes.topLevel()
        #expect(top.map(\.path) == ["deploy/nginx.conf", "other/elsewhere/c.conf"])
        let server = try #require(top.first?.directives.first?.children)
        // Each snippet's location is in the server, each with the shared header inside it.
        #expect(server.filter { $0.name == "location" }.map(\.arguments) == [["/a"], ["/b"]])
        #expect(server.filter { $0.name == "location" }.allSatisfy { $0.child("add_header") != nil })
    }

    @Test func aCycleIsRefusedNamingTheChain() throws {
        var includes = NginxIncludes(
            try configs([
                ("nginx/nginx.conf", "http { include a.conf; }"),
                ("nginx/a.conf", "server { include b.conf; }"), ("nginx/b.conf", "include c.conf;"),
                ("nginx/c.conf", "include a.conf;"),
            ]))
        let error = #expect(throws: NginxIncludes.Refusal.self) { try includes.topLevel() }
        #expect(
            error?.message
                == "nginx/c.conf:1: include a.conf includes nginx/a.conf while it is being included "
                + "(nginx/a.conf -> nginx/b.conf -> nginx/c.conf -> nginx/a.conf); nginx cannot load a "
                + "configuration that includes itself")
    }

    @Test func anExponentialExpansionIsRefused() throws {
        // Each level includes the next twice: 2^20 copies of the last one.
        var files = (0..<20).map { ("n/l\($0).conf", "include l\($0 + 1).conf; include l\($0 + 1).conf;") }
        files.append(("n/l20.conf", "location /x { return 404; }"))
        var includes = NginxIncludes(try configs(files))
        let error = #expect(throws: NginxIncludes.Refusal.self) { try includes.topLevel() }
        #expect(error?.message.contains("more than 200000 directives") == true, "\(String(describing: error))")
    }

    @Test func aCatastrophicRegexHitsTheLimitAndIsUnreadable() {
        let regexes = NginxRegexes()
        let uri = WellKnownDocument.assetLinks.urlPath
        guard case .unreadable = regexes.evaluate("^/\\.well-known/((.|.)+)+Z$", caseInsensitive: false, on: uri)
        else {
            Issue.record("expected the work limit to stop the match")
            return
        }
        guard case .match(let captures) = regexes.evaluate("^/\\.WELL-known/(.+)$", caseInsensitive: true, on: uri)
        else {
            Issue.record("expected a match")
            return
        }
        #expect(captures == ["assetlinks.json"])
        guard case .noMatch = regexes.evaluate("^/other$", caseInsensitive: false, on: uri) else {
            Issue.record("expected no match")
            return
        }
        guard case .unreadable = regexes.evaluate("(", caseInsensitive: false, on: uri) else {
            Issue.record("an uncompilable regex is unreadable too")
            return
        }
    }

    @Test func longListsAreACountAndTenDistinctItems() {
        #expect(countedList(["a", "b"]) == "a, b")
        let many = (0..<7000).map { "p\($0)" }
        #expect(countedList(many) == "7000: p0, p1, p2, p3, p4, p5, p6, p7, p8, p9 and 6990 more")
        #expect(countedList(["a", "a", "b"]) == "3, 2 distinct: a, b")
    }
}
