import Association
import Foundation
import RelopsCore
import TestSupport
import Testing

/// Association documents served by code (issue 29): a Next.js App Router route handler, a
/// `pages/api` handler behind a rewrite, and server route registrations in Swift, JavaScript and
/// C#, each a source of kind `code` cited by file:line; two sources for one URL refuse until
/// `app.association` picks one.
@Suite struct CodeSourceTests {
    static let handler = """
        import { NextResponse } from "next/server";

        export async function GET() {
          return NextResponse.json({ applinks: { details: [{ appIDs: ["BBBBB22222.com.example.app"], components: [{ "/": "/s/*" }] }] } });
        }
        """

    func nextSite(pin: String? = nil) -> GitFixture {
        let repo = GitFixture("next-code")
        if let pin { repo.write(".relops.yml", "app:\n  association: \(pin)\n") }
        repo.write("web/package.json", #"{ "name": "web", "dependencies": { "next": "15.0.0" } }"# + "\n")
        repo.write(
            "web/public/.well-known/apple-app-site-association",
            #"{"applinks": {"details": [{"appIDs": ["AAAAA11111.com.example.web"], "components": [{"/": "/*"}]}]}}"#
                + "\n")
        repo.write("web/src/app/.well-known/apple-app-site-association/route.ts", Self.handler)
        repo.write("web/src/app/__tests__/.well-known/assetlinks.json/route.ts", "export function GET() {}\n")
        repo.commit("next")
        return repo
    }

    @Test func aRouteHandlerAndAStaticFileForOneURLAreTwoSourcesAndCommandsRefuse() throws {
        let repo = nextSite()
        let sources = try AssociationSources.find(in: try Project(path: repo.root))
        let entry = sources.source(of: .appleAppSiteAssociation)
        #expect(
            entry.sources == [
                .code(
                    path: "web/src/app/.well-known/apple-app-site-association/route.ts", line: 3, what: "route handler"),
                .staticFile(path: "web/public/.well-known/apple-app-site-association"),
            ])
        #expect(entry.sources[0].kind == .code)
        #expect(entry.sources[0].summary.contains("relops cannot render code"))
        let failure = #expect(throws: Failure.self) { try entry.only() }
        #expect(failure?.message.contains("2 sources") == true)
        #expect(failure?.message.contains("route.ts:3") == true)
        #expect(failure?.message.contains("app.association") == true)
        // The test fixture's handler is no source.
        #expect(sources.source(of: .assetLinks).sources == [.external(.nothingFound)])
        let json = try JSONValueEncoder().text(AssociationSourcesDocument(sources), "the sources")
        #expect(json.contains(#""kind":"code""#) || json.contains(#""kind": "code""#), "\(json)")
    }

    @Test func appAssociationPicksTheRouteHandlerWhoseLiteralIdsAreRead() throws {
        let path = "web/src/app/.well-known/apple-app-site-association/route.ts"
        let repo = nextSite(pin: path)
        let project = try Project(path: repo.root)
        let sources = try AssociationSources.find(in: project)
        let source = try sources.source(of: .appleAppSiteAssociation).only()
        #expect(source == .code(path: path, line: 3, what: "route handler"))
        let read = try AssociationSources.read(.appleAppSiteAssociation, from: source, project: project)
        #expect(read.text == nil)
        #expect(read.origin == "\(path):3")
        #expect(read.codeIDs?.appleAppIDs == ["BBBBB22222.com.example.app"])
        #expect(sources.skipped.contains { $0.path == "web/public/.well-known/apple-app-site-association" })
    }

    @Test func serverRouteRegistrationsInSwiftJavaScriptAndCSharpAreCodeSources() throws {
        let repo = GitFixture("server-code")
        repo.write(
            "server/Sources/App/routes.swift",
            """
            import Vapor

            func routes(_ app: Application) throws {
                // app.get(".well-known", "assetlinks.json") is served by the CDN
                app.get(".well-known", "apple-app-site-association") { req in
                    Response(body: .init(string: #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"]}]}}"#))
                }
            }
            """)
        repo.write(
            "api/server.js",
            """
            const express = require("express");
            const app = express();
            app.get('/.well-known/assetlinks.json', (req, res) => res.json([{ target: { package_name: "com.example.app" } }]));
            """)
        repo.write(
            "Web/Program.cs",
            """
            var app = WebApplication.Create(args);
            app.MapGet("/.well-known/apple-app-site-association", () => Results.Json(aasa));
            """)
        // A client that fetches the document is no route.
        repo.write(
            "App/Check.swift",
            "let url = URL(string: \"https://example.com/.well-known/apple-app-site-association\")!\nget(url)\n")
        repo.commit("server")
        let sources = try AssociationSources.find(in: try Project(path: repo.root))
        #expect(
            sources.source(of: .appleAppSiteAssociation).sources.sorted { $0.summary < $1.summary } == [
                .code(path: "Web/Program.cs", line: 2, what: "route registration"),
                .code(path: "server/Sources/App/routes.swift", line: 5, what: "route registration"),
            ])
        #expect(
            sources.source(of: .assetLinks).sources == [
                .code(path: "api/server.js", line: 3, what: "route registration")
            ])
    }

    @Test func aPagesAPIHandlerARewriteServesIsACodeSource() throws {
        let repo = GitFixture("next-pages")
        repo.write(
            "site/next.config.js",
            """
            module.exports = {
              async rewrites() {
                return [{ source: "/.well-known/assetlinks.json", destination: "/api/assetlinks" }];
              },
            };
            """)
        repo.write(
            "site/src/pages/api/assetlinks.ts",
            """
            const statements = [{ target: { namespace: "android_app", package_name: "com.example.app",
              sha256_cert_fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"] } }];
            export default function handler(req, res) { res.json(statements); }
            """)
        repo.commit("pages")
        let project = try Project(path: repo.root)
        let source = try AssociationSources.find(in: project).source(of: .assetLinks).only()
        #expect(source.kind == .code)
        #expect(source.repositoryFiles == ["site/src/pages/api/assetlinks.ts"])
        #expect(source.summary.contains("site/next.config.js rewrites /.well-known/assetlinks.json"))
        let read = try AssociationSources.read(.assetLinks, from: source, project: project)
        #expect(read.codeIDs?.androidPackages == ["com.example.app"])
        #expect(read.codeIDs?.fingerprints.count == 1)
        // fingerprint rotate does not edit code.
        let failure = #expect(throws: Failure.self) {
            _ = try AssociationSources.find(in: project).rotationDestination(in: project)
        }
        #expect(failure?.message.contains("relops does not edit code") == true)
    }

    @Test func aRouteHandlerThatLinksOutsideTheRepositoryIsRefused() throws {
        let outside = TemporaryFolder("outside-handler")
        outside.write("route.ts", Self.handler)
        let repo = GitFixture("handler-symlink")
        let folder = "web/app/.well-known/apple-app-site-association"
        try FileManager.default.createDirectory(atPath: repo.folder.url(folder), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repo.folder.url(folder + "/route.ts"), withDestinationPath: outside.url("route.ts"))
        repo.commit("link")
        let error = #expect(throws: Failure.self) { _ = try AssociationSources.find(in: try Project(path: repo.root)) }
        #expect(error?.message.contains("route.ts") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("outside the repository") == true, "\(error?.message ?? "")")
    }
}
