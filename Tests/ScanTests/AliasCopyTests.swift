import RelopsCore
import Scan
import TestSupport
import Testing

/// Issue 40, case 8: a file a build script copies into a folder an import alias names ships in
/// the React Native apps, which import it through the alias (Mattermost's `assets/base/config.json`,
/// copied to `dist/assets`, which `@assets` names).
@Suite struct AliasCopyTests {
    func makeApp(_ script: String) -> GitFixture {
        let repo = GitFixture("rn-alias-copy")
        repo.write(
            "package.json",
            """
            { "name": "chat", "main": "index.js",
              "scripts": { "build:assets": "\(script)" },
              "dependencies": { "react-native": "0.76.5" } }
            """)
        repo.write(
            "babel.config.js",
            """
            module.exports = {
              presets: ['module:@react-native/babel-preset'],
              plugins: [['module-resolver', { alias: { '@assets': './dist/assets', '@app': './app' } }]],
            };
            """)
        repo.write("index.js", "import App from '@app/root';\n")
        repo.write("app/root.tsx", "import config from '@assets/config.json';\nexport default config;\n")
        repo.write("assets/base/config.json", "{ \"SiteURL\": \"https://host.com\" }\n")
        repo.write("assets/base/unused/links.json", "{ \"help\": \"https://host.com/help\" }\n")
        repo.write(
            "android/app/build.gradle", "apply plugin: 'com.android.application'\napply plugin: 'com.facebook.react'\n")
        repo.commit("react native")
        return repo
    }

    @Test func aFileCopiedIntoAnAliasedFolderShipsInTheApps() throws {
        let repo = makeApp("cp assets/base/config.json dist/assets/")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let config = try #require(result.occurrence("assets/base/config.json"))
        #expect(config.occurrenceClass.isBinary, "\(config.rule)")
        #expect(config.ruleID == "bundler.copied-folder", "\(config.rule)")
        #expect(config.rule.contains("package.json script `build:assets` (cp)"), "\(config.rule)")
        #expect(config.products.map(\.label) == ["Android app `app`"])
        // A file the script does not copy is not placed by it.
        #expect(result.occurrence("assets/base/unused/links.json")?.ruleID != "bundler.copied-folder")
    }

    @Test func aFolderCopiedIntoAnAliasedFolderShipsInTheApps() throws {
        let repo = makeApp("cp -R assets/base/. dist/assets")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.occurrence("assets/base/config.json")?.ruleID == "bundler.copied-folder")
        #expect(result.occurrence("assets/base/unused/links.json")?.ruleID == "bundler.copied-folder")
    }
}
