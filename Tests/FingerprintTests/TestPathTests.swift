import Testing

@testable import Association

/// `isTestPath` first looks for a word every test folder's name holds; a folder name it would
/// miss that way is a test path all the same.
@Suite struct TestPathTests {
    @Test func everyTestFolderNameIsFoundInAnyCaseAndDepth() {
        for name in AssociationSourceFinder.testFolderNames {
            for path in ["\(name)/a.ts", "web/\(name)/b/route.ts", "web/\(name.uppercased())/x.swift"] {
                #expect(AssociationSourceFinder.isTestPath(path), "\(path)")
            }
        }
        for name in ["App.Tests", "App.Test", "App.UnitTests", "androidTest", "iosTests", "jvmTest"] {
            #expect(AssociationSourceFinder.isTestPath("src/\(name)/kotlin/a.kt"), "\(name)")
        }
    }

    @Test func aFileNamedLikeATestOrAFolderThatOnlySharesLettersIsNot() {
        for path in ["server/test.ts", "attestation/route.ts", "Latest/a.swift", "specials/x.js", "Contest/a.ts"] {
            #expect(!AssociationSourceFinder.isTestPath(path), "\(path)")
        }
    }
}
