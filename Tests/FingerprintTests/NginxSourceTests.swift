import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Association

/// How relops reads an nginx configuration: which location nginx picks, what it serves, and how
/// a server path leads back into the repository.
@Suite struct NginxSourceTests {
    let uri = WellKnownDocument.assetLinks.urlPath

    func route(_ text: String) throws -> NginxRoute? {
        let directives = try NginxConfig.parse(text)
        let (scope, root) = AssociationSourceFinder.servers(directives, inheritedRoot: nil).last!
        return NginxRoute.choose(uri, in: scope, inheritedRoot: root, regexes: NginxRegexes())
    }

    func served(_ text: String, tracked: [String], mapping files: [String] = []) throws -> NginxServed? {
        guard let route = try route(text) else { return nil }
        let mapping = try ServedPathMapping(root: "/nonexistent-repo", tracked: Set(tracked), files: files)
        return AssociationSourceFinder.served(route, document: .assetLinks, mapping: mapping)
    }

    @Test func nginxsOrderExactThenStopPrefixThenRegexThenLongestPrefix() throws {
        let locations = """
            location / { root /a; }
            location /.well-known/ { root /b; }
            location ~ \\.json$ { root /c; }
            """
        #expect(try route("server { \(locations) }")?.root == "/c")
        let stop = locations.replacingOccurrences(of: "location /.well-known/", with: "location ^~ /.well-known/")
        #expect(try route("server { \(stop) }")?.root == "/b")
        #expect(try route("server { \(locations) location = \(uri) { root /e; } }")?.root == "/e")
        #expect(try route("server { location / { root /a; } location /.well-known/ { root /b; } }")?.root == "/b")
        // A nested location inside the chosen one wins for its own prefix.
        let nested = "server { location /.well-known/ { root /b; location /.well-known/assetlinks { root /n; } } }"
        #expect(try route(nested)?.root == "/n")
    }

    @Test func aRegexRelopsCannotCompileIsNotPassedOver() throws {
        // ICU refuses the unbalanced group; nginx tries regexes in order, so this one may win.
        let text = "server { location /.well-known/ { root /b; } location ~ /\\.well-known/(assetlinks { root /c; } }"
        let chosen = try #require(try route(text))
        #expect(chosen.unreadableRegex && chosen.root == "/c")
        guard case .unresolved(let why)? = try served(text, tracked: []) else {
            Issue.record("expected an unresolved route")
            return
        }
        #expect(why.contains("cannot read this regular expression"))
    }

    @Test func rootIsInheritedAndTryFilesNamesTheFile() throws {
        let inherited = "http { root /srv/site; server { location /.well-known/ { default_type application/json; } } }"
        #expect(try route(inherited)?.root == "/srv/site")
        let text = "server { root /srv/site; location /.well-known/ { try_files /static$uri =404; } }"
        let mapped = try served(text, tracked: ["web/static/.well-known/assetlinks.json"], mapping: [])
        #expect(
            mapped
                == .unresolved(
                    "serves /srv/site/static/.well-known/assetlinks.json, which no Dockerfile COPY or compose volume of this repository maps to a tracked file"
                ))
    }

    @Test func returnBodiesRedirectsAndVariables() throws {
        let body = try served(
            "server { location = \(uri) { return 200 '[{\"relation\": [\"x\"]}]'; } }", tracked: [])
        #expect(body == .body("[{\"relation\": [\"x\"]}]"))
        let redirect = try served(
            "server { location /.well-known/ { return 301 https://other.example$request_uri; } }", tracked: [])
        guard case .unresolved(let why)? = redirect else {
            Issue.record("expected a redirect, got \(String(describing: redirect))")
            return
        }
        #expect(why.hasPrefix("return 301 redirects"))
        let variable = try served("server { location /.well-known/ { alias $site_root/; } }", tracked: [])
        #expect(variable == .unresolved("alias $site_root/ uses a variable relops cannot evaluate"))
    }

    @Test func malformedConfigurationIsLocated() throws {
        for (text, line, message) in [
            ("server {\n  location / {\n    root /a;\n  }\n", 1, "the block opened here is never closed"),
            ("server {\n  return 200 'open;\n}\n", 2, "a quoted string is never closed"),
            ("server {\n  root /a\n}\n", 2, "\"root\" is not terminated by \";\""),
            ("}\n", 1, "unexpected \"}\""),
            (String(repeating: "a {\n", count: 100_000), 65, "blocks nested more than 64 deep"),
        ] {
            #expect {
                _ = try NginxConfig.parse(text)
            } throws: { error in
                guard let error = error as? NginxConfig.ParseError else { return false }
                return error.line == line && error.message == message
            }
        }
    }

    @Test func aSnippetsLocationsSitUnderTheRootOfTheServerThatIncludesThem() throws {
        let repo = GitFixture("snippet")
        repo.write(
            "deploy/nginx/conf.d/site.conf",
            "server {\n  listen 80;\n  root /usr/share/nginx/html;\n  include /etc/nginx/snippets/*.conf;\n}\n")
        repo.write(
            "deploy/nginx/snippets/well-known.conf",
            "# association files\nlocation ^~ /.well-known/ {\n  default_type application/json;\n}\n")
        repo.write("Dockerfile", "FROM nginx\nCOPY site/ /usr/share/nginx/html/\n")
        repo.write("site/.well-known/assetlinks.json", "[]\n")
        repo.commit("snippet")
        let found = try AssociationSources.find(in: try Project(path: repo.root))
        #expect(
            found.source(of: .assetLinks).sources == [
                .nginx(
                    config: "deploy/nginx/snippets/well-known.conf", line: 2, location: "^~ /.well-known/",
                    served: .file(path: "site/.well-known/assetlinks.json"))
            ])
    }

    @Test func onlyNginxShapedFilesAreRead() throws {
        for path in [
            "deploy/nginx/default.conf", "nginx.conf", "ops/sites-available/app", "docker/nginx.conf.template",
        ] {
            #expect(AssociationSourceFinder.mayBeNginxConfig(path), "\(path)")
        }
        for path in [
            "Sources/Association/NginxConfig.swift", "docs/nginx.md", "test/nginx/default.conf", "nginx/README.md",
        ] {
            #expect(!AssociationSourceFinder.mayBeNginxConfig(path), "\(path)")
        }
    }

    @Test func composeVolumesAndDockerfileCopiesLeadBackToTrackedFiles() throws {
        let repo = GitFixture("mapping")
        repo.write(
            "deploy/docker-compose.yml", "services:\n  web:\n    volumes:\n      - ./site:/usr/share/nginx/html:ro\n")
        repo.write("deploy/site/.well-known/assetlinks.json", "[]\n")
        repo.write(
            "compose.yaml",
            "services:\n  web:\n    volumes:\n      - type: bind\n        source: ./association\n"
                + "        target: \"/srv/association\"\n        read_only: true\n")
        repo.write("association/assetlinks.json", "[]\n")
        repo.write(
            "Dockerfile",
            "FROM nginx\nWORKDIR /app\nCOPY --chown=nginx \\\n  public/ static/\nCOPY --from=build /out /usr/share/nginx/other\n"
        )
        repo.write("public/.well-known/assetlinks.json", "[]\n")
        let tracked =
            ["compose.yaml", "association/assetlinks.json"] + [
                "deploy/docker-compose.yml", "deploy/site/.well-known/assetlinks.json", "Dockerfile",
                "public/.well-known/assetlinks.json",
            ]
        let mapping = try ServedPathMapping(root: repo.root, tracked: Set(tracked), files: tracked)
        #expect(
            mapping.map("/usr/share/nginx/html/.well-known/assetlinks.json")
                == .tracked("deploy/site/.well-known/assetlinks.json"))
        #expect(
            mapping.map("/app/static/.well-known/assetlinks.json") == .tracked("public/.well-known/assetlinks.json"))
        #expect(mapping.map("/usr/share/nginx/other/.well-known/assetlinks.json") == .unmapped)
        #expect(mapping.map("/srv/association/assetlinks.json") == .tracked("association/assetlinks.json"))
        #expect(
            mapping.map("/srv/association/apple-app-site-association")
                == .notTracked("association/apple-app-site-association", via: "compose.yaml:4"))
        #expect(
            mapping.map(repo.root + "/public/.well-known/assetlinks.json")
                == .tracked("public/.well-known/assetlinks.json"))
    }
}
