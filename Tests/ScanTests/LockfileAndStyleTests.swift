import RelopsCore
import Scan
import TestSupport
import Testing

/// Lockfiles are the build's wherever they sit; style sheets hide a host only inside `/* */`.
@Suite struct LockfileAndStyleTests {
    @Test func lockfilesAreBuildFilesAndCSSCommentsAreComments() throws {
        let repo = GitFixture("capacitor-app")
        repo.write(
            "package.json",
            #"{ "name": "conf", "dependencies": { "@capacitor/core": "6.0.0", "@capacitor/android": "6.0.0" } }"#)
        repo.write("capacitor.config.ts", "export default { appId: 'com.example.conf', webDir: 'www' };\n")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write(
            "package-lock.json", #"{ "packages": { "node_modules/x": { "resolved": "https://host.com/x.tgz" } } }"#)
        repo.write("ios/App/Podfile.lock", "SPEC REPOS:\n  https://host.com/specs:\n    - Capacitor\n")
        repo.write(
            "src/theme/variables.scss",
            "/*\n * https://host.com/docs/theming\n */\n:root { --logo: url(https://host.com/logo.svg); }\n")
        repo.write("src/global.css", "body { background: url(//host.com/bg.png); } /* see https://host.com */\n")
        repo.commit("app")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["package-lock.json", "ios/App/Podfile.lock"] {
            #expect(result.classOf(path) == .build, "\(path): \(result.occurrence(path)?.rule ?? "")")
            #expect(result.occurrence(path)?.ruleID == "build.lockfile")
        }
        let scss = result.occurrences.filter { $0.path == "src/theme/variables.scss" }
        #expect(scss.map(\.line) == [2, 4])
        #expect(scss.first?.occurrenceClass == .comment)
        // `url(https://...)` needs no quotes in CSS: its `//` starts no comment.
        #expect(scss.last?.occurrenceClass != .comment)
        let css = result.occurrences.filter { $0.path == "src/global.css" }
        #expect(css.map(\.occurrenceClass.rawValue).first != "comment")
        #expect(css.last?.occurrenceClass == .comment)
    }
}
