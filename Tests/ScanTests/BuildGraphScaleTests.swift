import Dispatch
import Foundation
import RelopsCore
import Scan
import Synchronization
import TestSupport
import Testing

/// Build graphs that grew the scan's time faster than their size (issue 31, items 8 and 10): a
/// long chain of workspace packages or Gradle modules, a `project.pbxproj` full of app targets.
/// Each scan must finish within a generous bound (a hang fails the test; no timing is asserted).
@Suite struct BuildGraphScaleTests {
    @Test func aChainOfTwoThousandWorkspacePackagesReachesItsServer() throws {
        let repo = GitFixture("workspace-chain")
        repo.write("package.json", #"{ "name": "chain", "private": true, "workspaces": ["**"] }"#)
        let count = 2000
        for k in 0..<count {
            // p0 is an Express server; each package depends on the next, so p1999 ships in p0.
            var dependencies = k + 1 < count ? [#""p\#(k + 1)": "*""#] : []
            if k == 0 { dependencies.append(#""express": "^4""#) }
            let list = dependencies.joined(separator: ", ")
            repo.write("packages/p\(k)/package.json", #"{ "name": "p\#(k)", "dependencies": { \#(list) } }"#)
            repo.write("packages/p\(k)/index.js", "module.exports = \"https://\(host)/p\(k)\";\n")
        }
        repo.commit("chain")
        let result = try #require(try scanWithin(seconds: 120, repo.root))
        let last = try #require(result.occurrence("packages/p1999/index.js"))
        #expect(last.occurrenceClass == .server, "\(last.rule.prefix(300))")
        #expect(last.products.map(\.name) == ["packages/p0"])
        #expect(last.rule.contains("packages/p1999/package.json <- packages/p1998/package.json <- "))
        #expect(last.rule.contains("(1992 more)"), "a long chain is counted, not listed")
        #expect(last.rule.contains("packages/p1/package.json <- packages/p0/package.json"))
        #expect(result.occurrences.count == count)
    }

    @Test func aChainOfFiveHundredGradleModulesShipsInTheApp() throws {
        let repo = GitFixture("gradle-chain")
        let count = 500
        repo.write("settings.gradle", (0..<count).map { "include ':m\($0)'" }.joined(separator: "\n") + "\n")
        repo.write(
            "m0/build.gradle",
            "plugins { id 'com.android.application' }\ndependencies { implementation project(':m1') }\n")
        for k in 1..<count {
            let dependency = k + 1 < count ? "dependencies { implementation project(':m\(k + 1)') }\n" : ""
            repo.write("m\(k)/build.gradle", "plugins { id 'java-library' }\n" + dependency)
        }
        repo.write("m\(count - 1)/src/main/java/Api.java", "class Api { String host = \"\(host)\"; }\n")
        repo.commit("chain")
        let result = try #require(try scanWithin(seconds: 120, repo.root))
        let api = try #require(result.occurrence("m\(count - 1)/src/main/java/Api.java"))
        #expect(api.occurrenceClass == .binaryLiteral, "\(api.rule)")
        #expect(api.products.map(\.name) == ["m0"])
    }

    @Test func aProjectFileFullOfAppTargetsIsReadInOnePass() throws {
        let repo = GitFixture("pbxproj-targets")
        var text = "// !$*UTF8*$!\n{\n objects = {\n"
        for k in 0..<20_000 {
            text += """
                \t\tA\(k) /* App\(k) */ = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildPhases = (\n\t\t\t\tC\(k) /* Sources */,\n\t\t\t);
                \t\t\tname = App\(k);
                \t\t\tproductName = App\(k);
                \t\t\tproductType = "com.apple.product-type.application";
                \t\t};\n
                """
        }
        text +=
            "  T1 = {isa = PBXNativeTarget; name = ShopTests; productType = \"com.apple.product-type.bundle.unit-test\"; };\n"
        repo.write("Shop.xcodeproj/project.pbxproj", text + " };\n}\n")
        repo.write("Shop/Links.swift", "let host = \"\(host)\"\n")
        repo.write("ShopTests/LinkTests.swift", "let host = \"\(host)\"\n")
        repo.commit("targets")
        let result = try #require(try scanWithin(seconds: 120, repo.root))
        #expect(result.occurrence("Shop/Links.swift")?.products.map(\.name) == ["App0"])
        #expect(result.occurrence("ShopTests/LinkTests.swift")?.ruleID == "xcode.test-target")
    }
}

extension BuildGraphScaleTests {
    /// A classic project whose two app targets' Sources phases list 20,000 files: each target's
    /// files are gathered in one pass (a list checked for each new file took minutes).
    @Test func aClassicProjectOfTwentyThousandFilesIsReadInOnePass() throws {
        let repo = GitFixture("pbxproj-classic")
        var objects = "  M0 = {isa = PBXGroup; children = (G1, ); sourceTree = \"<group>\"; };\n"
        objects += "  G1 = {isa = PBXGroup; children = (); path = Shop; sourceTree = \"<group>\"; };\n"
        var buildFiles: [String] = []
        for k in 0..<20_000 {
            objects += "  F\(k) = {isa = PBXFileReference; path = Shop/F\(k).swift; sourceTree = SOURCE_ROOT; };\n"
            objects += "  B\(k) = {isa = PBXBuildFile; fileRef = F\(k); };\n"
            buildFiles.append("B\(k)")
        }
        let list = buildFiles.joined(separator: ", ")
        objects += "  P1 = {isa = PBXSourcesBuildPhase; files = (\(list), ); };\n"
        objects += "  P2 = {isa = PBXSourcesBuildPhase; files = (\(list), ); };\n"
        for (id, name, phase) in [("T1", "Shop", "P1"), ("T2", "ShopDev", "P2")] {
            objects +=
                "  \(id) = {isa = PBXNativeTarget; buildPhases = (\(phase), ); name = \(name); productType = \"com.apple.product-type.application\"; };\n"
        }
        repo.write("Shop.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n objects = {\n" + objects + " };\n}\n")
        repo.write("Shop/F19999.swift", "let host = \"\(host)\"\n")
        repo.commit("classic")
        let result = try #require(try scanWithin(seconds: 120, repo.root))
        #expect(result.occurrence("Shop/F19999.swift")?.products.map(\.name).sorted() == ["Shop", "ShopDev"])
    }
}

/// The scan of `root`, or nil (and a recorded issue) when it does not finish within `seconds`.
private func scanWithin(seconds: Double, _ root: String) throws -> ScanResult? {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<ScanResult, any Error>?>(nil)
    Thread.detachNewThread {
        let result = Result { try scanRepository(root) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else {
        Issue.record("the scan did not finish within \(Int(seconds)) s")
        return nil
    }
    return try outcome.withLock { $0 }?.get()
}
