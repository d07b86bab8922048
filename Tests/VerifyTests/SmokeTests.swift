import RelopsCore
import TestSupport
import Testing
@testable import Verify

@Suite struct SmokeTests {
    @Test func goodHostPrints() throws {
        let report = try Verifier.run(try options("good", offline: false))
        print(report.text)
        #expect(!report.failed)
    }
}
