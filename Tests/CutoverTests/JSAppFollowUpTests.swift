import Cutover
import RelopsCore
import Scan
import TestSupport
import Testing

/// The cutover checklist of a bare React Native app and of a Next.js site: the apps Metro's
/// bundle goes into are rebuilt, no Ruby server is redeployed for a fastlane Gemfile, the site is
/// redeployed for its `public/` files, and what Metro does not reach is named to find out.
@Suite struct JSAppFollowUpTests {
    func planOf(_ repo: GitFixture) throws -> CutoverPlan {
        try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org")
    }

    func step(_ plan: CutoverPlan, _ prefix: String) -> FollowUp? {
        plan.followUps.first { $0.title.hasPrefix(prefix) }
    }

    @Test func aReactNativeAppIsRebuiltForBothStoresAndNothingIsRedeployed() throws {
        let repo = GitFixture("rn-follow-ups")
        repo.write("package.json", "{ \"name\": \"shop\", \"dependencies\": { \"react-native\": \"0.74.1\" } }\n")
        repo.write("index.js", "import App from './src/App';\n")
        repo.write("src/App.tsx", "import en from './languages/en.json';\nconst api = 'https://host.com';\n")
        repo.write("src/languages/en.json", "{ \"help\": \"https://host.com/help\" }\n")
        repo.write("src/legacy/Old.ts", "export const old = 'https://host.com/old';\n")
        repo.write("Gemfile", "source 'https://rubygems.org'\ngem 'fastlane'\ngem 'cocoapods'\n")
        repo.write(
            "android/app/build.gradle", "apply plugin: 'com.android.application'\napply plugin: 'com.facebook.react'\n")
        repo.write(
            "ios/Shop.xcodeproj/project.pbxproj",
            "{ objects = { T1 = { isa = PBXNativeTarget; name = Shop; productType = \"com.apple.product-type.application\"; }; }; }\n"
        )
        repo.commit("react native")
        let plan = try planOf(repo)
        let rebuild = try #require(step(plan, "Rebuild and resubmit"))
        #expect(rebuild.title == "Rebuild and resubmit: Android app `app` (2 occurrences), iOS app `Shop` (2)")
        #expect(step(plan, "Redeploy") == nil)
        #expect(plan.platformsToRebuild == [.android, .iOS])
        let orphan = try #require(step(plan, "Find out where the unknown files ship"))
        #expect(orphan.detail.contains("src/legacy/Old.ts"), "\(orphan.detail)")
    }

    @Test func aNextSiteIsRedeployedForItsPublicFiles() throws {
        let repo = GitFixture("next-follow-ups")
        repo.write("package.json", "{ \"name\": \"site\", \"dependencies\": { \"next\": \"15.0.3\" } }\n")
        repo.write("public/llms.txt", "> https://host.com/docs\n")
        repo.write("public/.well-known/security.txt", "Canonical: https://host.com/.well-known/security.txt\n")
        repo.commit("next")
        let plan = try planOf(repo)
        let redeploy = try #require(step(plan, "Redeploy"), "\(plan.followUps.map(\.title))")
        #expect(redeploy.title == "Redeploy: the site in `public/` (2 occurrences)")
        #expect(step(plan, "Rebuild and resubmit") == nil)
    }
}

/// A binary edit no app product carries: the follow-up names the repository's apps (read from
/// its build files) rather than guessing a platform from a folder's name.
@Suite struct OrphanBinaryFollowUpTests {
    @Test func aBinaryFileNoAppCarriesNamesTheRepositorysAppsNotAFolderGuess() throws {
        let repo = GitFixture("orphan-binary")
        repo.write(".relops.yml", "classify:\n  - { glob: \"android/extra/**\", class: binary-config }\n")
        // In a folder named `android`, but only the iOS app is built here.
        repo.write("android/extra/links.txt", "https://host.com/help\n")
        repo.write(
            "ios/Shop.xcodeproj/project.pbxproj",
            "{ objects = { T1 = { isa = PBXNativeTarget; name = Shop; productType = \"com.apple.product-type.application\"; }; }; }\n"
        )
        repo.commit("orphan")
        let plan = try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org")
        #expect(plan.edits.map(\.path) == ["android/extra/links.txt"])
        #expect(plan.platformsToRebuild == [.iOS])
        let step = try #require(plan.followUps.first { $0.title.hasPrefix("Rebuild and resubmit") })
        #expect(step.title == "Rebuild and resubmit the app that may ship these files", "\(step.title)")
        #expect(step.detail.contains("the repository builds iOS app (ios/Shop.xcodeproj)"), "\(step.detail)")

        // With no app in the build files, relops says it does not know which app ships them.
        let bare = GitFixture("orphan-binary-no-app")
        bare.write(".relops.yml", "classify:\n  - { glob: \"android/extra/**\", class: binary-config }\n")
        bare.write("android/extra/links.txt", "https://host.com/help\n")
        bare.commit("orphan")
        let unknown = try planCutover(try Project(path: bare.root), from: "host.com", to: "example.org")
        #expect(unknown.platformsToRebuild.isEmpty)
        #expect(
            unknown.followUps.contains {
                $0.title == "Find the app that ships these files, then rebuild and resubmit it"
            })
    }
}
