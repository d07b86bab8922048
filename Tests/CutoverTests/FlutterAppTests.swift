import Cutover
import RelopsCore
import Scan
import TestSupport
import Testing

/// The checklist of a cutover on a Flutter app (issue 29): both heads' apps are rebuilt, and the
/// file no build file places has its own item.
@Suite struct FlutterAppCutoverTests {
    @Test func theChecklistRebuildsBothHeadsApps() throws {
        let repo = makeFlutterApp()
        let plan = try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org")
        #expect(plan.platformsToRebuild == [.android, .iOS])
        let rebuild = try #require(plan.followUps.first { $0.title.hasPrefix("Rebuild and resubmit") })
        #expect(rebuild.title.contains("Android app `app`") && rebuild.title.contains("iOS app `Runner`"))
        #expect(rebuild.detail.contains("ios/fastlane/Fastfile") && rebuild.detail.contains("lib/l10n/app_de.arb"))
        let unknown = try #require(plan.followUps.first { $0.title.hasPrefix("Find out where the unknown files ship") })
        #expect(unknown.detail.contains("assets/unlisted/old.json"))
        #expect(!unknown.detail.contains("lib/"))
    }

    @Test func theChecklistRedeploysTheWebAppAndRebuildsTheDesktopApps() throws {
        let repo = makeFlutterApp(allHeads: true)
        let plan = try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org")
        #expect(plan.platformsToRebuild == [.android, .iOS])  // the stores whose association files matter
        let redeploy = try #require(plan.followUps.first { $0.title.hasPrefix("Redeploy") })
        #expect(redeploy.title.contains("Flutter web app `web/`"), "\(redeploy.title)")
        #expect(redeploy.detail.contains("web/index.html") || redeploy.detail.contains("web/manifest.json"))
        let rebuild = try #require(plan.followUps.first { $0.title.hasPrefix("Rebuild and resubmit") })
        #expect(rebuild.title.contains("macOS app `Runner`"), "\(rebuild.title)")
        #expect(rebuild.title.contains("desktop app (Flutter) `windows`"), "\(rebuild.title)")
    }
}
