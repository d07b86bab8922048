import Cutover
import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// Issue 40, case 8: an example app inside a package is kept out of "rebuild and resubmit".
@Suite struct ExampleAppFollowUpTests {
    @Test func aCutoverDoesNotAskToRebuildAndResubmitAnExampleApp() throws {
        let repo = makeFlutterPluginWithExample()
        let plan = try planCutover(try Project(path: repo.root), from: "host.com", to: "links.example.net")
        #expect(plan.files.contains { $0.path == "example/lib/main.dart" })
        let titles = plan.followUps.map(\.title)
        #expect(!titles.contains { $0.hasPrefix("Rebuild and resubmit") }, "\(titles)")
        #expect(plan.platformsToRebuild.isEmpty)
    }
}
