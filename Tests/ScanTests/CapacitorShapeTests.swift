import RelopsCore
import Scan
import TestSupport
import Testing

/// The Xcode project `npx cap add ios` makes (`ios/App/App.xcodeproj`), its app target renamed
/// `Shop`: its Resources phase copies the files `cap sync` writes into `App/`.
let capacitorAppPBXProj = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 48;
    \tobjects = {
    \t\t2FAD9763203C412B000D30F8 /* config.xml in Resources */ = {isa = PBXBuildFile; fileRef = 2FAD9762203C412B000D30F8 /* config.xml */; };
    \t\t50379B232058CBB4000EE86E /* capacitor.config.json in Resources */ = {isa = PBXBuildFile; fileRef = 50379B222058CBB4000EE86E /* capacitor.config.json */; };
    \t\t50B271D11FEDC1A000F3C39B /* public in Resources */ = {isa = PBXBuildFile; fileRef = 50B271D01FEDC1A000F3C39B /* public */; };
    \t\t2FAD9762203C412B000D30F8 /* config.xml */ = {isa = PBXFileReference; lastKnownFileType = text.xml; path = config.xml; sourceTree = "<group>"; };
    \t\t50379B222058CBB4000EE86E /* capacitor.config.json */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = text.json; path = capacitor.config.json; sourceTree = "<group>"; };
    \t\t50B271D01FEDC1A000F3C39B /* public */ = {isa = PBXFileReference; lastKnownFileType = folder; path = public; sourceTree = "<group>"; };
    \t\t504EC2FB1FED79650016851F = {
    \t\t\tisa = PBXGroup;
    \t\t\tchildren = (
    \t\t\t\t504EC3061FED79650016851F /* App */,
    \t\t\t);
    \t\t\tsourceTree = "<group>";
    \t\t};
    \t\t504EC3061FED79650016851F /* App */ = {
    \t\t\tisa = PBXGroup;
    \t\t\tchildren = (
    \t\t\t\t50379B222058CBB4000EE86E /* capacitor.config.json */,
    \t\t\t\t2FAD9762203C412B000D30F8 /* config.xml */,
    \t\t\t\t50B271D01FEDC1A000F3C39B /* public */,
    \t\t\t);
    \t\t\tpath = App;
    \t\t\tsourceTree = "<group>";
    \t\t};
    \t\t504EC3021FED79650016851F /* Resources */ = {
    \t\t\tisa = PBXResourcesBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tfiles = (
    \t\t\t\t50379B232058CBB4000EE86E /* capacitor.config.json in Resources */,
    \t\t\t\t2FAD9763203C412B000D30F8 /* config.xml in Resources */,
    \t\t\t\t50B271D11FEDC1A000F3C39B /* public in Resources */,
    \t\t\t);
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t};
    \t\t504EC3031FED79650016851F /* Shop */ = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = 504EC3161FED79650016851F /* Build configuration list for PBXNativeTarget "Shop" */;
    \t\t\tbuildPhases = (
    \t\t\t\t504EC3021FED79650016851F /* Resources */,
    \t\t\t);
    \t\t\tdependencies = (
    \t\t\t);
    \t\t\tname = Shop;
    \t\t\tproductName = App;
    \t\t\tproductReference = 504EC3041FED79650016851F /* Shop.app */;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    \t\t504EC3171FED79650016851F /* Release */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tINFOPLIST_FILE = App/Info.plist;
    \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.shop;
    \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
    \t\t\t};
    \t\t\tname = Release;
    \t\t};
    \t\t504EC3161FED79650016851F /* Build configuration list for PBXNativeTarget "Shop" */ = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (
    \t\t\t\t504EC3171FED79650016851F /* Release */,
    \t\t\t);
    \t\t\tdefaultConfigurationIsVisible = 0;
    \t\t\tdefaultConfigurationName = Release;
    \t\t};
    \t};
    \trootObject = 504EC2FC1FED79650016851E /* Project object */;
    }
    """

/// What `cap sync` writes into the native projects: a `config.xml` of the plugins' Cordova
/// preferences, a W3C widget with no `<name>`.
let capSyncConfigXML = """
    <?xml version='1.0' encoding='utf-8'?>
    <widget version="1.0.0" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0">
      <access origin="*" />
      <allow-navigation href="https://host.com/*" />
    </widget>
    """

/// A Capacitor app is not a Cordova app (issue 40, case 2): the `config.xml` files `cap sync`
/// generates in the platform folders are the native apps' files, and `webDir` ships in both apps.
@Suite struct CapacitorShapeTests {
    @Test func capSyncConfigFilesAreTheNativeAppsFilesNotCordovaApps() throws {
        let repo = GitFixture("capacitor-shape")
        repo.write(
            "package.json",
            """
            { "name": "shop", "scripts": { "build": "echo www is committed" },
              "dependencies": { "@capacitor/core": "6.1.0", "@capacitor/android": "6.1.0", "@capacitor/ios": "6.1.0" },
              "devDependencies": { "@capacitor/cli": "6.1.0" } }
            """)
        repo.write(
            "capacitor.config.ts",
            """
            import type { CapacitorConfig } from '@capacitor/cli';

            const config: CapacitorConfig = {
              appId: 'com.example.shop',
              appName: 'Shop',
              webDir: 'www'
            };

            export default config;
            """)
        repo.write("www/index.html", "<script>const API = 'https://host.com/v1';</script>\n")
        repo.write("www/js/app.js", "fetch('https://host.com/items');\n")
        repo.write("public/robots.txt", "Sitemap: https://host.com/sitemap.xml\n")
        repo.write("ios/App/App.xcodeproj/project.pbxproj", capacitorAppPBXProj)
        repo.write("ios/App/App/Info.plist", "<plist><string>host.com</string></plist>\n")
        repo.write("ios/App/App/config.xml", capSyncConfigXML)
        let copiedConfig =
            "{ \"appId\": \"com.example.shop\", \"webDir\": \"www\", \"server\": { \"url\": \"https://host.com\" } }\n"
        repo.write("ios/App/App/capacitor.config.json", copiedConfig)
        repo.write("android/app/src/main/assets/capacitor.config.json", copiedConfig)
        repo.write("ios/App/Podfile", "platform :ios, '13.0'\ntarget 'Shop' do\n  capacitor_pods\nend\n")
        repo.write("android/settings.gradle", "include ':app'\n")
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.write("android/app/src/main/res/xml/config.xml", capSyncConfigXML)
        repo.commit("capacitor")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.products.map(\.product.name).sorted() == ["Shop", "app"])
        #expect(!result.products.contains { $0.product.description.contains("Cordova") })
        #expect(
            result.occurrence("ios/App/App/config.xml")?.products.map(\.name) == ["Shop"],
            "\(result.occurrence("ios/App/App/config.xml")?.rule ?? "")")
        #expect(result.occurrence("android/app/src/main/res/xml/config.xml")?.products.map(\.name) == ["app"])
        for path in ["ios/App/App/config.xml", "android/app/src/main/res/xml/config.xml"] {
            #expect(result.occurrence(path)?.ruleID != "cordova.app-file", "\(path)")
            #expect(result.classOf(path)?.isBinary == true, "\(path)")
        }
        for path in ["www/index.html", "www/js/app.js"] {
            let o = try #require(result.occurrence(path))
            #expect(o.occurrenceClass.isBinary, "\(path): \(o.rule)")
            #expect(o.products.map(\.name).sorted() == ["Shop", "app"], "\(path): \(o.rule)")
        }
        // The copies `cap sync` makes of the config ship in their app, and are no web project.
        #expect(result.occurrence("ios/App/App/capacitor.config.json")?.products.map(\.name) == ["Shop"])
        #expect(result.occurrence("android/app/src/main/assets/capacitor.config.json")?.products.map(\.name) == ["app"])
        // `public/` is not the web folder the apps copy.
        #expect(result.occurrence("public/robots.txt")?.products == [])
    }
}
