import RelopsCore
import TestSupport
import Testing

@testable import Scan

/// The import aliases a React Native app's build resolves before Metro looks for a file, and
/// Metro's `require.context`: what they reach ships, the rest is still named.
@Suite struct MetroAliasTests {
    func app(_ files: [(String, String)]) -> GitFixture {
        let repo = GitFixture("react-native-aliases")
        repo.write(
            "package.json",
            #"{ "name": "chat", "main": "index.tsx", "dependencies": { "react-native": "0.76.0" } }"#)
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        for (path, text) in files { repo.write(path, text) }
        repo.commit("app")
        return repo
    }

    @Test func babelModuleResolverAliasesAndRootsAreFollowed() throws {
        let repo = app([
            (
                "babel.config.js",
                """
                module.exports = {
                    plugins: [
                        ['module-resolver', {
                            root: ['./src'],
                            alias: {
                                '@utils': './app/utils',
                                "@constants": "./app/constants/index",
                                '^@legacy/(.+)': './legacy/\\\\1',
                            },
                        }],
                    ],
                };
                """
            ),
            ("index.tsx", "import {share} from '@utils/share';\nimport C from '@constants';\nimport 'theme/colors';\n"),
            ("app/utils/share.ts", "export const share = 'https://host.com/share';\n"),
            ("app/constants/index.ts", "export default {site: 'https://host.com'};\n"),
            ("src/theme/colors.ts", "export const docs = 'https://host.com/colors';\n"),
            ("app/utils/unused.ts", "export const old = 'https://host.com/old';\n"),
        ])
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["app/utils/share.ts", "app/constants/index.ts", "src/theme/colors.ts"] {
            #expect(result.classOf(path) == .binaryLiteral, "\(path): \(result.occurrence(path)?.rule ?? "none")")
        }
        #expect(result.classOf("app/utils/unused.ts") == .unknown)
    }

    @Test func tsconfigPathsFromTheBaseURLAreFollowed() throws {
        let repo = app([
            (
                "tsconfig.json",
                """
                {
                  // JSONC, as TypeScript reads it
                  "compilerOptions": {
                    "baseUrl": "./src",
                    "paths": {
                      "@screens/*": ["screens/*"],
                      "@api": ["api/client"],
                    }
                  }
                }
                """
            ),
            ("index.tsx", "import Home from '@screens/home/Home';\nimport {client} from \"@api\";\n"),
            ("src/screens/home/Home.tsx", "export default () => 'https://host.com/home';\n"),
            ("src/api/client.ts", "export const client = 'https://host.com/api';\n"),
        ])
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("src/screens/home/Home.tsx") == .binaryLiteral)
        #expect(result.classOf("src/api/client.ts") == .binaryLiteral)
    }

    @Test func aRequireContextFolderIsBundledWhole() throws {
        let repo = app([
            (
                "index.tsx",
                "import {ExpoRoot} from 'expo-router';\nconst ctx = require.context('./app/routes');\n"
            ),
            ("app/routes/settings/about.tsx", "export default () => 'https://host.com/about';\n"),
            ("app/routes/_layout.tsx", "export default () => null;\n"),
            ("app/other/notes.ts", "export const notes = 'https://host.com/notes';\n"),
        ])
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("app/routes/settings/about.tsx") == .binaryLiteral)
        #expect(result.classOf("app/other/notes.ts") == .unknown)
    }

    @Test func aliasesMatchAsTheirToolsMatchThem() {
        var aliases = ImportAliases()
        aliases.readBabel(
            "plugins: [['module-resolver', { alias: { '@app': './src', '@app/ui': './ui' } }]]", folder: "mobile")
        aliases.readTSConfig(
            #"{"compilerOptions": {"paths": {"~/*": ["./lib/*"], "@cfg": ["cfg/index"]}}}"#, folder: "")
        #expect(aliases.targets(for: "@app/ui/Button") == ["mobile/ui/Button", "mobile/src/ui/Button"])
        #expect(aliases.targets(for: "@app") == ["mobile/src"])
        #expect(aliases.targets(for: "@application/x").isEmpty)
        #expect(aliases.targets(for: "~/a/b") == ["lib/a/b"])
        #expect(aliases.targets(for: "@cfg") == ["cfg/index"])
        #expect(aliases.targets(for: "@cfg/x").isEmpty)
        // Without `module-resolver`, a babel config names no alias.
        var none = ImportAliases()
        none.readBabel("module.exports = { alias: { '@x': './x' } };", folder: "")
        #expect(none.isEmpty)
    }
}

/// End-to-end test suites beside a React Native app: their own npm packages, `e2e/` folders and
/// Jest's bare `test.ts`.
@Suite struct EndToEndSuiteTests {
    @Test func testPackagesAndFoldersAreTestsAndAServerWithAWebRunnerIsStillAServer() throws {
        let repo = GitFixture("react-native-e2e")
        repo.write(
            "package.json",
            #"{ "name": "chat", "main": "index.js", "dependencies": { "react-native": "0.76.0" } }"#)
        repo.write("index.js", "import './src/app';\n")
        repo.write("src/app.ts", "export const home = 'https://host.com';\n")
        repo.write("src/url/test.ts", "it('links', () => expect('https://host.com/a').toBeTruthy());\n")
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        // Detox with a mock server (express): still a test package.
        repo.write(
            "detox/package.json",
            #"{ "name": "chat-e2e", "devDependencies": { "detox": "20.0.0", "express": "5.0.0" } }"#)
        repo.write("detox/utils/report.js", "const icon = 'https://host.com/icon.png';\n")
        repo.write("detox/e2e/login.e2e.ts", "await device.openURL({url: 'https://host.com/login'});\n")
        // Maestro, run from the package's scripts.
        repo.write(
            "maestro/package.json", #"{ "name": "chat-maestro", "scripts": { "test": "maestro test flows/" } }"#)
        repo.write("maestro/flows/login.yml", "appId: com.example.chat\n---\n- openLink: https://host.com/login\n")
        // A web server that runs Playwright against itself ships: it is no test package.
        repo.write(
            "server/package.json",
            #"{ "name": "site", "dependencies": { "express": "5.0.0" }, "devDependencies": { "@playwright/test": "1.45.0" } }"#
        )
        repo.write("server/index.js", "app.get('/', (q, r) => r.redirect('https://host.com'));\n")
        repo.commit("app and its suites")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("src/app.ts") == .binaryLiteral)
        #expect(result.occurrence("src/url/test.ts")?.ruleID == "path.test-file-name")
        for path in ["detox/utils/report.js", "maestro/flows/login.yml"] {
            #expect(
                result.occurrence(path)?.ruleID == "npm.test-package", "\(path): \(result.occurrence(path)?.rule ?? "")"
            )
            #expect(result.classOf(path) == .test)
        }
        #expect(result.classOf("detox/e2e/login.e2e.ts") == .test)
        #expect(result.classOf("server/index.js") == .server, "\(result.occurrence("server/index.js")?.rule ?? "")")
    }
}

/// A web framework's config file beside a `package.json` makes it that framework's site, even
/// when the framework comes through a workspace package.
@Suite struct WebFrameworkConfigTests {
    @Test func aNextConfigMakesASiteWhoseFrameworkComesThroughTheWorkspace() throws {
        let repo = GitFixture("next-workspace")
        repo.write("package.json", #"{ "name": "web", "private": true, "workspaces": ["apps/*", "packages/*"] }"#)
        repo.write("packages/base/package.json", #"{ "name": "base", "dependencies": { "next": "15.0.0" } }"#)
        repo.write("apps/accounts/package.json", #"{ "name": "accounts", "dependencies": { "base": "*" } }"#)
        repo.write("apps/accounts/next.config.mjs", "export default { output: 'export' };\n")
        repo.write("apps/accounts/src/passkey.ts", "export const origin = 'https://host.com';\n")
        repo.write("apps/accounts/public/robots.txt", "Sitemap: https://host.com/sitemap.xml\n")
        repo.write("apps/notes/package.json", #"{ "name": "notes", "dependencies": { "base": "*" } }"#)
        repo.write("apps/notes/src/notes.ts", "export const origin = 'https://host.com';\n")
        repo.commit("sites")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("apps/accounts/src/passkey.ts") == .server)
        #expect(
            result.occurrence("apps/accounts/src/passkey.ts")?.products.map(\.label) == [
                "Next.js site server `apps/accounts`"
            ])
        #expect(result.occurrence("apps/accounts/public/robots.txt")?.ruleID == "web.static-file")
        // Without a config file, a package whose framework nobody names is not taken for a site.
        #expect(result.classOf("apps/notes/src/notes.ts") != .server)
    }
}

/// The byte scanner that reads import specifiers finds what the pattern it replaced finds.
@Suite struct ImportSpecifierTests {
    @Test func theScannerAgreesWithTheRegularExpression() throws {
        let pattern = try Regex(#"(?:\bfrom|\bimport|\brequire\s*\(|\bimport\s*\()\s*["']([^"'\n]+)["']"#)
        let texts = [
            "import a from './a';\nimport {b} from \"@b/c\";\nexport * from '../d'\n",
            "const x = require('./x'); const y = require ( \"y\" ); const z = await import('./z');\n",
            "import './side-effect';\nimport type T from 'types';\nfromage('no'); reimport('no'); xrequire('no')\n",
            "import x from\n  './multi-line';\nconst s = 'from ' + 'x';\nrequire(`template`);\n",
            "from''; import \"\"; require('a\nb'); from 'ok' import(\n'./lazy')\n",
            "// a comment: see import 'commented' — still named, as Metro's resolver never sees comments\n",
            "naïve = 1; import 'ünïcode/päth'; _from 'x'; $import 'y'\n",
        ]
        for text in texts {
            let expected = text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
            #expect(MetroReach.specifiers(in: text) == expected, "\(text)")
        }
    }
}
