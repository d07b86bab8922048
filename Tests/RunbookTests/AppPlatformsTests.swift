import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Runbook

/// The runbook's platforms follow every app the build files build, whatever shape the spec
/// writes its platform in, and Expo configs build both.
@Suite struct AppPlatformsTests {
    @Test func aWebClientBundledByGradleXcodeGenAndElectronIsAnAndroidAndIOSRelease() {
        let repo = TemporaryFolder()
        repo.write("client/package.json", "{ \"name\": \"client\" }\n")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write(
            "ios/project.yml", "name: Shop\ntargets:\n  Shop:\n    type: application\n    platform: [iOS]\n")
        repo.write("desktop/package.json", "{ \"devDependencies\": { \"electron\": \"30.0.0\" } }\n")
        let found = Platforms.detect(in: repo.path)
        #expect(found.names == ["android", "ios"])
        #expect(found.source.contains("ios/project.yml builds an iOS app"), "\(found.source)")
    }

    @Test func anExpoConfigBuildsBothAndAnAppJsonWithoutExpoNothing() {
        let expo = TemporaryFolder()
        expo.write("app.config.ts", "export default { name: 'Shop' };\n")
        #expect(Platforms.detect(in: expo.path).names == ["android", "ios"])
        let json = TemporaryFolder()
        json.write("app.json", "{ \"expo\": { \"name\": \"Shop\" } }\n")
        #expect(Platforms.detect(in: json.path).names == ["android", "ios"])
        let other = TemporaryFolder()
        other.write("app.json", "{ \"name\": \"tool\" }\n")
        #expect(Platforms.detect(in: other.path).names.isEmpty)
    }

    @Test func aCordovaConfigBuildsThePlatformsItNames() {
        let cordova = TemporaryFolder()
        cordova.write(
            "config.xml",
            "<widget id=\"com.example.shop\" xmlns=\"http://www.w3.org/ns/widgets\"><platform name=\"ios\" /></widget>\n"
        )
        #expect(Platforms.detect(in: cordova.path).names == ["ios"])
        let resource = TemporaryFolder()
        resource.write("res/xml/config.xml", "<config><host>x</host></config>\n")
        #expect(Platforms.detect(in: resource.path).names.isEmpty)
    }
}
