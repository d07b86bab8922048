import RelopsCore
import Scan
import TestSupport
import Testing

/// Web framework sites: everything under `public/` (`static/` for SvelteKit) is served, and
/// scripts are build tooling when a `package.json` script runs them, else named as hand-run.
@Suite struct WebFrameworkProductTests {
    @Test func aNextAppRouterSiteServesPublicAndNamesItsScripts() throws {
        let repo = GitFixture("next")
        repo.write(
            "package.json",
            """
            { "name": "site",
              "scripts": { "build": "next build", "postbuild": "node scripts/sitemap.mjs" },
              "dependencies": { "next": "15.0.3", "react": "19.0.0" } }
            """)
        repo.write("src/app/layout.tsx", "export const metadata = { metadataBase: new URL('https://host.com') };\n")
        repo.write(
            "public/.well-known/security.txt",
            "Contact: mailto:security@host.com\nCanonical: https://host.com/.well-known/security.txt\n")
        repo.write("public/.well-known/assetlinks.json", "[]\n")
        repo.write("public/llms.txt", "# Site\n> https://host.com/docs\n")
        repo.write("public/humans.txt", "Site: https://host.com\n")
        repo.write("scripts/sitemap.mjs", "const base = 'https://host.com';\n")
        repo.write("scripts/seed-db.ts", "await fetch('https://host.com/api/seed');\n")
        repo.write("README.md", "Visit https://host.com\n")
        repo.write("scripts/purge-cdn.sh", "curl -X POST https://host.com/purge\n")
        repo.write(
            ".github/workflows/deploy.yml", "on: push\njobs:\n  d:\n    steps:\n      - run: ./scripts/purge-cdn.sh\n")
        repo.commit("next")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["public/.well-known/security.txt", "public/llms.txt", "public/humans.txt"] {
            let o = try #require(result.occurrence(path))
            #expect(o.occurrenceClass == .server, "\(path): \(o.rule)")
            #expect(o.ruleID == "web.static-file")
            #expect(o.rule.contains("by the Next.js site package.json (`public/`)"), "\(o.rule)")
            #expect(!o.products.isEmpty, "\(path)")
        }
        #expect(
            result.occurrence("public/llms.txt")?.rule.hasPrefix("served as is at /llms.txt by the Next.js site")
                == true)
        let sitemap = try #require(result.occurrence("scripts/sitemap.mjs"))
        #expect(sitemap.occurrenceClass == .build)
        #expect(sitemap.ruleID == "web.script")
        let seed = try #require(result.occurrence("scripts/seed-db.ts"))
        #expect(seed.occurrenceClass == .other)
        #expect(
            seed.rule
                == "a hand-run script: no script of package.json, pipeline or Makefile runs `scripts/seed-db.ts`; check where it runs"
        )
        let purge = try #require(result.occurrence("scripts/purge-cdn.sh"))
        #expect(purge.occurrenceClass == .build)
        #expect(purge.rule.hasPrefix("run by .github/workflows/deploy.yml (`scripts/purge-cdn.sh`)"), "\(purge.rule)")
        #expect(result.classOf("src/app/layout.tsx") == .server)
        #expect(result.classOf("README.md") == .docs)
        #expect(result.products.contains { $0.product.label == "Next.js site server `package.json`" })
    }

    @Test func aSvelteKitSiteServesStatic() throws {
        let repo = GitFixture("sveltekit")
        repo.write(
            "web/package.json", "{ \"name\": \"web\", \"devDependencies\": { \"@sveltejs/kit\": \"2.0.0\" } }\n")
        repo.write("web/static/robots.txt", "Sitemap: https://host.com/sitemap.xml\n")
        repo.commit("sveltekit")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let robots = try #require(result.occurrence("web/static/robots.txt"))
        #expect(robots.occurrenceClass == .server)
        #expect(robots.rule.hasPrefix("served as is at /robots.txt by the SvelteKit site web/package.json"))
    }
}
