import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// Issue 40, case 8: an example app inside a package (`example/` with its own pubspec and heads)
/// is an `example` product, not an app the team releases.
@Suite struct ExampleAppTests {
    @Test func anExampleAppOfAPackageIsAnExampleProduct() throws {
        let repo = makeFlutterPluginWithExample()
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let main = try #require(result.occurrence("example/lib/main.dart"))
        #expect(!main.products.isEmpty, "\(main.ruleID): \(main.rule)")
        #expect(main.products.allSatisfy { $0.kind == .example }, "\(main.products)")
        #expect(main.products.map(\.label) == ["example Android app `app`"])
        #expect(!result.products.contains { $0.product.kind == .app })
    }
}
