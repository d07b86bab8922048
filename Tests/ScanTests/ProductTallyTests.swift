import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// `ScanResult.products` counts each product once per occurrence that names it, in the order
/// first met, however the files of one product interleave with another's.
@Suite struct ProductTallyTests {
    @Test func productsCountEveryOccurrenceInTheOrderFirstMet() throws {
        let repo = GitFixture("product-tally")
        repo.write("settings.gradle.kts", "include(\":app\", \":shared\")\n")
        repo.write(
            "app/build.gradle.kts",
            """
            plugins { id("com.android.application") }
            dependencies { implementation(project(":shared")) }

            """)
        repo.write(
            "app/src/main/java/Links.kt",
            "val a = \"https://app.example.com/a\"\nval b = \"https://app.example.com/b\"\n")
        repo.write("server/package.json", #"{"name": "api", "dependencies": {"express": "4.0.0"}}"#)
        repo.write("server/index.js", "const origin = 'https://app.example.com';\n")
        repo.write("shared/build.gradle.kts", "plugins { id(\"com.android.library\") }\n")
        repo.write("shared/src/main/java/Api.kt", "val api = \"https://app.example.com/api\"\n")
        repo.commit("app, server, shared library")
        let result = try scanRepository(repo.root)

        // The count any reader of the occurrences would make.
        var order: [Product] = []
        var tally: [Product: Int] = [:]
        for o in result.occurrences {
            for p in o.products {
                if tally[p] == nil { order.append(p) }
                tally[p, default: 0] += 1
            }
        }
        let counted = result.products
        #expect(counted.map(\.product) == order)
        #expect(counted.map(\.count) == order.map { tally[$0]! })
        // The fixture interleaves: app, app, server, then the app again through its library.
        let app = try #require(counted.first { $0.product.kind == .app })
        #expect(app.count == 3, "\(counted)")
        #expect(counted.contains { $0.product.kind == .server && $0.count == 1 }, "\(counted)")
    }
}
