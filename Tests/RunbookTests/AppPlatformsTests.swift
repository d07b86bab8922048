import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Runbook

/// The runbook's platforms follow every app the build files build, whatever shape the spec
/// writes its platform in, and Expo configs build both.
@Suite struct AppPlatformsTests {
    @Test func aWebClientBundledByGradleXcodeGenAndElectronIsAnAndroidAndIOSRelease() {
        let repo = GitFixture("repo")
        repo.write("client/package.json", "{ \"name\": \"client\" }\n")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write(
            "ios/project.yml", "name: Shop\ntargets:\n  Shop:\n    type: application\n    platform: [iOS]\n")
        repo.write("desktop/package.json", "{ \"devDependencies\": { \"electron\": \"30.0.0\" } }\n")
        let found = detected(repo)
        #expect(found.names == ["android", "ios"])
        #expect(found.source.contains("ios/project.yml builds an iOS app"), "\(found.source)")
    }

    @Test func anExpoConfigBuildsBothAndAnAppJsonWithoutExpoNothing() {
        let expo = GitFixture("expo")
        expo.write("app.config.ts", "export default { name: 'Shop' };\n")
        #expect(detected(expo).names == ["android", "ios"])
        let json = GitFixture("json")
        json.write("app.json", "{ \"expo\": { \"name\": \"Shop\" } }\n")
        #expect(detected(json).names == ["android", "ios"])
        let other = GitFixture("other")
        other.write("app.json", "{ \"name\": \"tool\" }\n")
        #expect(detected(other).names.isEmpty)
    }

    /// The runbook asks the scan's build model: a module that applies the build's own convention
    /// plugin is an Android app here too.
    @Test func aConventionPluginThatAppliesTheApplicationPluginIsAnAndroidApp() {
        let repo = GitFixture("conventions")
        repo.write("build-logic/build.gradle.kts", "plugins { `kotlin-dsl` }\n")
        repo.write(
            "build-logic/src/main/kotlin/shop.android-app.gradle.kts", "plugins { id(\"com.android.application\") }\n")
        repo.write("app/build.gradle.kts", "plugins { id(\"shop.android-app\") }\n")
        let found = detected(repo)
        #expect(found.names == ["android"])
        #expect(found.source.hasPrefix("app/build.gradle.kts builds an Android app"), "\(found.source)")
    }

    @Test func aCordovaConfigBuildsThePlatformsItNames() {
        let cordova = GitFixture("cordova")
        cordova.write(
            "config.xml",
            "<widget id=\"com.example.shop\" xmlns=\"http://www.w3.org/ns/widgets\"><platform name=\"ios\" /></widget>\n"
        )
        #expect(detected(cordova).names == ["ios"])
        let resource = GitFixture("resource")
        resource.write("res/xml/config.xml", "<config><host>x</host></config>\n")
        #expect(detected(resource).names.isEmpty)
    }
}

/// The platforms `Platforms.detect` finds in `repo`, its files committed first (the build model
/// reads the files git tracks).
func detected(_ repo: GitFixture) -> Platforms {
    if !repo.git("status", "--porcelain").isEmpty { repo.commit("build files") }
    return Platforms.detect(in: repo.root)
}
