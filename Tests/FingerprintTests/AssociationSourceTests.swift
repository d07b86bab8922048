import Association
import Foundation
import RelopsCore
import TestSupport
import Testing

let staticAssetLinksPath = "landing-page/public/.well-known/assetlinks.json"

/// A Kotlin Multiplatform-style repository whose landing page serves a static assetlinks.json.
func staticSiteRepository(fingerprints: [String] = [AssociationTests.fingerprint]) -> GitFixture {
    let repo = GitFixture("static-site")
    let items = fingerprints.map { "        \"\($0)\"" }.joined(separator: ",\n")
    repo.write(
        staticAssetLinksPath,
        """
        [{
          "relation": ["delegate_permission/common.handle_all_urls"],
          "target": {
            "namespace": "android_app",
            "package_name": "com.example.kmp",
            "sha256_cert_fingerprints":
              [
        \(items)
              ]
          }
        }]

        """)
    repo.write("landing-page/package.json", "{ \"name\": \"landing\", \"scripts\": { \"build\": \"vite build\" } }\n")
    repo.write("shared/src/commonTest/resources/.well-known/assetlinks.json", "[]\n")
    repo.write("docs/examples/.well-known/assetlinks.json", "[]\n")
    repo.write("README.md", "KMP app\n")
    repo.commit("static site")
    return repo
}

/// A repository whose nginx configuration serves both documents: assetlinks.json through an
/// `alias` mapped by the Dockerfile, the AASA inline with `return 200`.
func nginxRepository(aliasTarget: String = "/srv/association/assetlinks.json") -> GitFixture {
    let repo = GitFixture("nginx")
    repo.write(
        "deploy/nginx/default.conf",
        """
        # The landing page and its association files.
        server {
            listen 8080;
            root /usr/share/nginx/html;

            location / {
                try_files $uri $uri/ /index.html;
            }

            location = /.well-known/assetlinks.json {
                default_type application/json;
                alias \(aliasTarget);
            }

            location = /.well-known/apple-app-site-association {
                default_type application/json;
                return 200 '{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/sessions/*"}]}]}}';
            }
        }

        """)
    repo.write(
        "deploy/Dockerfile",
        """
        FROM nginx:1.27
        COPY deploy/nginx/default.conf /etc/nginx/conf.d/default.conf
        COPY web/dist/ /usr/share/nginx/html/
        COPY association/ /srv/association/

        """)
    repo.write(
        "association/assetlinks.json",
        """
        [
          {
            "relation": ["delegate_permission/common.handle_all_urls"],
            "target": {"namespace": "android_app", "package_name": "com.example.app",
                       "sha256_cert_fingerprints": ["\(AssociationTests.fingerprint)"]}
          }
        ]

        """)
    repo.write("web/dist/index.html", "<html></html>\n")
    repo.commit("nginx site")
    return repo
}

@Suite struct AssociationSourceTests {
    func sources(_ repo: GitFixture) throws -> AssociationSources {
        try AssociationSources.find(in: try Project(path: repo.root))
    }

    @Test func aStaticFileInASiteFolderIsTheSourceAndFixturesAreSkippedWithWhy() throws {
        let repo = staticSiteRepository()
        let found = try sources(repo)
        #expect(found.source(of: .assetLinks).sources == [.staticFile(path: staticAssetLinksPath)])
        #expect(found.source(of: .appleAppSiteAssociation).sources == [.external(.nothingFound)])
        #expect(
            found.skipped
                == [
                    SkippedCandidate(
                        path: "docs/examples/.well-known/assetlinks.json", reason: "a test fixture (under examples/)"),
                    SkippedCandidate(
                        path: "shared/src/commonTest/resources/.well-known/assetlinks.json",
                        reason: "a test fixture (under commonTest/)"),
                ].sorted { $0.path < $1.path })
    }

    /// `association sources --format json` reads back by type, and is written again byte for byte;
    /// a newer schema version is refused.
    @Test func theSourcesDocumentReadsBackAndIsWrittenAgainAsItWas() throws {
        let golden = sourceRoot + "/Tests/Golden/EndToEndTests/association-sources-several.json"
        let printed =
            "{\n  \"schema_version\": 1," + String(try String(contentsOfFile: golden, encoding: .utf8).dropFirst())
        let document = try JSONDecoder().decode(AssociationSourcesDocument.self, from: Data(printed.utf8))
        #expect(document.documents.first?.source == nil && document.documents.first?.sources.count == 2)
        #expect(try JSONValueEncoder().text(document, "the sources") + "\n" == printed)
        let newer = printed.replacingOccurrences(of: "\"schema_version\": 1,", with: "\"schema_version\": 2,")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AssociationSourcesDocument.self, from: Data(newer.utf8))
        }
    }

    @Test func anUntrackedStaticFileIsNotASource() throws {
        let repo = GitFixture("untracked")
        repo.write("README.md", "x\n")
        repo.commit("init")
        repo.write("public/.well-known/assetlinks.json", "[]\n")
        let found = try sources(repo)
        #expect(found.source(of: .assetLinks).sources == [.external(.nothingFound)])
    }

    @Test func theASPNETSectionIsFoundWithoutRelopsYml() throws {
        let repo = sampleRepository()
        repo.write(".relops.yml", "app:\n  web_host: app.example.com\n")
        repo.commit("settings")
        let found = try sources(repo)
        let source = AssociationSource.settings(path: webSettings, section: "AppAssociation")
        #expect(found.source(of: .assetLinks).sources == [source])
        #expect(found.source(of: .appleAppSiteAssociation).sources == [source])
        guard case .object(let fields) = try JSONValueEncoder().encode(source) else { return }
        #expect(fields.first { $0.0 == "source" }?.1 == .string("\(webSettings)#AppAssociation"))
        #expect(fields.first { $0.0 == "kind" }?.1 == .string("settings"))
    }

    @Test func aSettingsSectionThatCannotBeReadIsBadInputNamingItNotTakenForNothing() throws {
        let repo = GitFixture("bad-settings")
        repo.write(
            "Web/appsettings.json", "{ \"AppAssociation\": { \"AndroidPackageName\": [\"com.example\", 7] } }\n")
        repo.commit("settings")
        #expect {
            try sources(repo)
        } throws: {
            let failure = $0 as? Failure
            return failure?.category == .badInput
                && failure?.message.hasPrefix("Web/appsettings.json: its AppAssociation section cannot be read: ")
                    == true
        }
    }

    @Test func theSettingsRelopsYmlNamesWinAndCarryItsSection() throws {
        let repo = sampleRepository()
        repo.commit("settings")
        let found = try sources(repo)
        #expect(
            found.source(of: .assetLinks).sources == [.settings(path: webSettings, section: "AppAssociation")])
    }

    @Test func anNginxLocationIsFollowedThroughTheDockerfileToTheTrackedFile() throws {
        let repo = nginxRepository()
        let found = try sources(repo)
        let config = "deploy/nginx/default.conf"
        #expect(
            found.source(of: .assetLinks).sources == [
                .nginx(
                    config: config, line: 10, location: "= /.well-known/assetlinks.json",
                    served: .file(path: "association/assetlinks.json"))
            ])
        guard case .nginx(_, 15, _, .body(let body))? = found.source(of: .appleAppSiteAssociation).sources.first
        else {
            Issue.record("expected the inline AASA, got \(found.source(of: .appleAppSiteAssociation).sources)")
            return
        }
        #expect(body.hasPrefix("{\"applinks\""))
        // The static file the location serves is the nginx source, not a second one.
        #expect(found.source(of: .assetLinks).sources.count == 1)
    }

    @Test func anNginxLocationAtAMissingFileSaysSo() throws {
        let repo = nginxRepository(aliasTarget: "/srv/association/missing.json")
        let found = try sources(repo)
        guard case .nginx(_, _, _, .unresolved(let why))? = found.source(of: .assetLinks).sources.first else {
            Issue.record("expected an unresolved nginx source, got \(found.source(of: .assetLinks).sources)")
            return
        }
        #expect(why.contains("/srv/association/missing.json"))
        #expect(why.contains("association/missing.json"))
        #expect(why.contains("not a tracked file"))
    }

    @Test func externalFromRelopsYmlNamesTheLine() throws {
        let repo = staticSiteRepository()
        repo.write(".relops.yml", "app:\n  web_host: app.example.com\n  association: external\n")
        repo.commit("external")
        let found = try sources(repo)
        for entry in found.documents {
            #expect(entry.sources == [.external(.configured(location: ".relops.yml:3"))])
        }
    }

    @Test func aBadAssociationValueIsNamed() throws {
        #expect {
            _ = try ProjectConfig.parse("app:\n  association: elsewhere\n", path: ".relops.yml")
        } throws: { error in
            "\(error)"
                == ".relops.yml:2:16: `app.association` is `elsewhere`; use one of auto, external, or the repository "
                + "path of the file that is served"
        }
        for bad in ["externel", "/etc/nginx/nginx.conf", "../other/assetlinks.json", "a//b.json"] {
            #expect {
                _ = try ProjectConfig.parse("app:\n  association: \"\(bad)\"\n", path: ".relops.yml")
            } throws: { error in
                "\(error)".contains("`app.association` is `\(bad)`")
                    && (bad != "externel" || "\(error)".contains("(did you mean `external`?)"))
            }
        }
    }

    @Test func appAssociationPicksOneOfSeveralSourcesAndMustNameOneFound() throws {
        let repo = staticSiteRepository()
        repo.write("site/static/.well-known/assetlinks.json", "[]\n")
        repo.write(".relops.yml", "app:\n  association: \(staticAssetLinksPath)\n")
        repo.commit("pinned")
        let found = try sources(repo)
        #expect(found.source(of: .assetLinks).sources == [.staticFile(path: staticAssetLinksPath)])
        #expect(
            found.skipped.contains(
                SkippedCandidate(
                    path: "site/static/.well-known/assetlinks.json",
                    reason: "assetlinks.json: app.association names \(staticAssetLinksPath) as the served one")))
        repo.write(".relops.yml", "app:\n  association: site/public/assetlinks.json\n")
        repo.commit("wrong pin")
        #expect {
            _ = try sources(repo)
        } throws: { error in
            "\(error)"
                == ".relops.yml:2: app.association site/public/assetlinks.json is not a source relops found "
                + "(found: \(staticAssetLinksPath), site/static/.well-known/assetlinks.json)"
        }
    }

    @Test func aPinnedFileOutsideWellKnownIsServedAndConfiguredSettingsWin() throws {
        let repo = staticSiteRepository()
        repo.write("server/assets/assetlinks.json", "[]\n")
        repo.write(".relops.yml", "app:\n  association: server/assets/assetlinks.json\n")
        repo.commit("route")
        #expect(
            try sources(repo).source(of: .assetLinks).sources == [.staticFile(path: "server/assets/assetlinks.json")])

        let settings = sampleRepository()
        settings.write("Source/Hosts/UI/App.UI.Web/wwwroot/.well-known/assetlinks.json", "[]\n")
        settings.commit("stale copy")
        let found = try sources(settings)
        #expect(found.source(of: .assetLinks).sources == [.settings(path: webSettings, section: "AppAssociation")])
        #expect(
            found.skipped.contains(
                SkippedCandidate(
                    path: "Source/Hosts/UI/App.UI.Web/wwwroot/.well-known/assetlinks.json",
                    reason: "assetlinks.json: app.android.fingerprints names the served settings")))
    }

    @Test func twoStaticFilesForOneDocumentAreNamedNotGuessed() throws {
        let repo = staticSiteRepository()
        repo.write("site/static/.well-known/assetlinks.json", "[]\n")
        repo.commit("second site")
        let entry = try sources(repo).source(of: .assetLinks)
        #expect(
            entry.sources == [
                .staticFile(path: staticAssetLinksPath), .staticFile(path: "site/static/.well-known/assetlinks.json"),
            ])
        #expect(throws: Failure.self) { try entry.only() }
    }
}
