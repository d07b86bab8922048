import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

@Suite struct TwoAppTargetTests {
    @Test func everyAppTargetThatBundlesTheJSOrSignsTheFileCarriesIt() throws {
        let repo = GitFixture("two-app-targets")
        repo.write(
            "package.json",
            "{ \"name\": \"shop\", \"main\": \"index.js\", \"dependencies\": { \"react-native\": \"0.74.1\" } }\n")
        repo.write("index.js", "import { api } from './src/api';\n")
        repo.write("src/api.ts", "export const api = 'https://host.com/v1';\n")
        repo.write("ios/Shop.xcodeproj/project.pbxproj", twoAppTargetsPBXProj)
        repo.write("ios/Shop/Shop.entitlements", "<string>applinks:host.com</string>\n")
        repo.write("ios/Shop/Info.plist", "<string>https://host.com</string>\n")
        repo.write("ios/Shop/main.m", "NSString *host = @\"https://host.com\";\n")
        repo.commit("two app targets")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let both = ["Shop", "ShopDev"]
        for path in ["src/api.ts", "ios/Shop/Shop.entitlements", "ios/Shop/Info.plist", "ios/Shop/main.m"] {
            let o = try #require(result.occurrence(path))
            #expect(o.products.map(\.name).sorted() == both, "\(path): \(o.rule)")
            #expect(o.products.allSatisfy { $0.description == "iOS app" })
        }
        #expect(result.classOf("src/api.ts") == .binaryLiteral)
        // The summary (text) and JSON name both targets.
        #expect(result.products.map(\.product.name).sorted() == both)
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(result.jsonText.utf8)) as? [String: Any])
        let occurrences = try #require(json["occurrences"] as? [[String: Any]])
        let api = try #require(occurrences.first { $0["path"] as? String == "src/api.ts" })
        #expect((api["products"] as? [String])?.sorted() == both)
        let listed = try #require(json["products"] as? [[String: Any]])
        #expect(listed.compactMap { $0["name"] as? String }.sorted() == both)
    }
}
