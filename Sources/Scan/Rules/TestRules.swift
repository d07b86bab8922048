import RelopsCore

// The rules that place an occurrence in tests: test projects, folders, source sets, file names,
// Xcode test targets and the test targets of XcodeGen and Tuist specs.

/// A .NET test project (xUnit, NUnit, MSTest, `IsTestProject`) owns the file.
struct DotNetTestProject: PathRule {
    static let id = "dotnet.test-project"
    static let description = "a file of a .NET test project builds tests and ships nothing"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(
        [
            (
                "Api.Tests/Api.Tests.csproj",
                #"<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="xunit" /></ItemGroup></Project>"#
            ),
            ("Api.Tests/Links.cs", #"var host = "app.example.com";"#),
        ], at: "Api.Tests/Links.cs")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        // Without a `.csproj` in the repository no project is a test project: the file's project
        // is not worked out for this rule.
        guard file.classifier.projects.hasDotNetProjects, let project = file.project, project.kind == .test else {
            return nil
        }
        return (.test, "in test project \(project.file)")
    }
}

/// A folder named for tests (`tests/`, `__tests__/`, `androidTest/`, `spec/`).
struct TestFolder: PathRule {
    static let id = "path.test-folder"
    static let description = "a file under a test folder (`tests/`, `__tests__/`, `spec/`) is a test"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(file: "tests/links.py")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let folder = file.folders.first(where: { testFolders.contains($0) }) else { return nil }
        return (.test, "under a test folder (`\(folder)/`)")
    }
}

/// A Gradle or Kotlin Multiplatform source set whose name ends in `Test` (`src/commonTest/`).
struct GradleTestSourceSet: PathRule {
    static let id = "gradle.test-source-set"
    static let description = "a file in a Gradle or KMP test source set (`src/commonTest/`) is a test"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(
        file: "shared/src/commonTest/kotlin/Links.kt", text: #"val host = "app.example.com""#)

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let set = testSourceSet(file.parts.segments) else { return nil }
        return (.test, "in test source set `src/\(set)/` (Gradle, Kotlin Multiplatform)")
    }
}

/// A test file by its name in its language (`*_test.go`, `*.spec.ts`, `test_*.py`).
struct TestFileName: PathRule {
    static let id = "path.test-file-name"
    static let description = "a file named as a test in its language (`*_test.go`, `*.spec.ts`) is a test"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(file: "web/links.spec.ts", text: #"const host = "app.example.com";"#)

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        testFileName(file.lowerName).map { (.test, "a test file (`\($0)`)") }
    }
}

/// A Jest (or Vitest) snapshot: what a test compares its output against, never shipped.
struct JestSnapshot: PathRule {
    static let id = "jest.snapshot"
    static let description = "a Jest snapshot (`__snapshots__/*.snap`) is what a test compares against: a test"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(
        file: "src/__snapshots__/Footer.tsx.snap", text: "exports[`Footer 1`] = `https://app.example.com`;\n")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard file.lowerName.hasSuffix(".snap"), file.folders.last == "__snapshots__" else { return nil }
        return (.test, "a Jest snapshot (`__snapshots__/\(file.parts.name)`): what a test compares against")
    }
}

/// The configuration of a test runner (`playwright.config.ts`, `jest.config.js`, `.detoxrc.js`):
/// the base URLs and servers it names are the tests'.
struct TestRunnerConfiguration: PathRule {
    static let id = "path.test-runner-config"
    static let description =
        "the configuration of a test runner (`playwright.config.ts`, `jest.config.js`, `.detoxrc.js`) is a test"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(
        file: "playwright.config.ts", text: "export default { use: { baseURL: 'https://app.example.com' } };\n")

    /// `<runner>.config.<ext>` and `<runner>.conf.<ext>` files.
    static let runners = [
        "playwright", "jest", "vitest", "cypress", "karma", "wdio", "detox", "protractor", "nightwatch", "codecept",
    ]

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let runner = runner(of: file.lowerName) else { return nil }
        return (.test, "configuration of the `\(runner)` test runner: the tests use it, nothing ships it")
    }

    /// The runner whose configuration a file named `lowerName` is, else nil (no string is made:
    /// the rule is asked of every file with an occurrence).
    static func runner(of lowerName: String) -> String? {
        if lowerName == "cypress.json" { return "cypress" }
        if lowerName.hasPrefix(".mocharc") { return "mocha" }
        if lowerName.hasPrefix(".detoxrc") { return "detox" }
        // `jest.config.js`, `karma.conf.js`: a runner's name (none holds a dot) up to the first
        // dot, then `config.` or `conf.`.
        let utf8 = lowerName.utf8
        guard let dot = utf8.firstIndex(of: UInt8(ascii: ".")),
            let runner = runners.first(where: { $0.utf8.elementsEqual(utf8[..<dot]) })
        else { return nil }
        let rest = lowerName[dot...]
        return rest.hasPrefix(".config.") || rest.hasPrefix(".conf.") ? runner : nil
    }
}

/// A file of an npm package that runs end-to-end tests (Detox, Playwright, Maestro, ...) and that
/// no other package depends on: a test suite beside the app, not part of it.
struct EndToEndTestPackage: PathRule {
    static let id = "npm.test-package"
    static let description =
        "a file of an npm package that runs end-to-end tests (Detox, Playwright, Maestro) and that nothing depends on is a test"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(
        [
            ("package.json", #"{"name": "shop", "dependencies": {"react-native": "0.76.0"}}"#),
            ("e2e-suite/package.json", #"{"name": "shop-e2e", "devDependencies": {"detox": "20.0.0"}}"#),
            ("e2e-suite/support/mail.ts", "export const inbox = 'https://app.example.com/mail';\n"),
        ], at: "e2e-suite/support/mail.ts")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        // Only a `package.json` names a test runner: without one, the file's owner is not asked for here.
        guard file.index.hasPackageManifests, let owner = file.owner, let runner = owner.npm.testRunner,
            file.index.referrers(of: owner).isEmpty
        else {
            return nil
        }
        return (.test, "in \(owner.file), a package of `\(runner)` tests that no other package depends on")
    }
}

/// The folder of an Xcode test target (`AppTests`, `AppUITests`) of the project that owns the file.
struct XcodeTestTarget: PathRule {
    static let id = "xcode.test-target"
    static let description = "a file in the folder of an Xcode unit or UI test target builds tests"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(
        [
            ("Shop.xcodeproj/project.pbxproj", xcodeProjectExample(app: "Shop", test: "ShopTests")),
            ("ShopTests/LinkTests.swift", #"let host = "app.example.com""#),
        ], at: "ShopTests/LinkTests.swift")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.kind == .xcodeProject, !owner.xcode.testTargets.isEmpty else { return nil }
        let segments = file.parts.segments
        let relative = owner.root.isEmpty ? segments : Array(segments.dropFirst(owner.root.split(separator: "/").count))
        guard let target = relative.dropLast().first(where: { owner.xcode.testTargets.contains($0) }) else {
            return nil
        }
        return (.test, "in Xcode test target `\(target)` of \(owner.file): builds tests, ships nothing")
    }
}

/// The sources of a test target of an XcodeGen or Tuist spec.
struct SpecTestSources: PathRule {
    static let id = "xcodegen.test-sources"
    static let description = "a file in the sources of a test target of an XcodeGen or Tuist spec builds tests"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(
        [
            (
                "project.yml",
                "name: Shop\ntargets:\n  Shop:\n    type: application\n    platform: iOS\n    sources: [Shop]\n  ShopChecks:\n    type: bundle.unit-test\n    platform: iOS\n    sources: [Checks]\n"
            ),
            ("Checks/LinkChecks.swift", #"let host = "app.example.com""#),
        ], at: "Checks/LinkChecks.swift")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        let path = file.path
        guard
            let spec = file.index.specs.first(where: { spec in
                spec.appSpec.testSourceFolders.contains { $0.isEmpty || path.hasPrefix($0 + "/") }
            })
        else { return nil }
        return (.test, "in the sources of a test target of \(spec.label): builds tests, ships nothing")
    }
}

/// A minimal `project.pbxproj` with an app target and, when given, a unit test target.
func xcodeProjectExample(app: String, test: String? = nil) -> String {
    var text = "// !$*UTF8*$!\n{\n objects = {\n"
    text += "  A1 = {isa = PBXNativeTarget; name = \(app); productType = \"com.apple.product-type.application\"; };\n"
    if let test {
        text +=
            "  A2 = {isa = PBXNativeTarget; name = \(test); productType = \"com.apple.product-type.bundle.unit-test\"; };\n"
    }
    return text + " };\n}\n"
}
