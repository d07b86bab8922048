import RelopsCore
import TestSupport
import Testing

@testable import Scan

/// What ships in each head's app of a Flutter app (issue 29): lib/, the path package, assets and
/// gen-l10n ARB files in both; tests; the `--dart-define` values of the Fastfiles and a workflow,
/// naming the `String.fromEnvironment` default they override; what no build file places is `unknown`.
@Suite struct FlutterAppTests {
    @Test func whatShipsInEachHeadsApp() throws {
        let repo = makeFlutterApp()
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        func expect(
            _ path: String, _ cls: OccurrenceClass, _ rule: String, line: Int? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let o = result.occurrences.first { $0.path == path && (line == nil || $0.line == line) }
            #expect(o?.occurrenceClass == cls, "\(path): \(o?.rule ?? "no occurrence")", sourceLocation: sourceLocation)
            #expect(o?.ruleID == rule, "\(path)", sourceLocation: sourceLocation)
        }
        expect("lib/config.dart", .binaryLiteral, "flutter.lib")
        expect("lib/l10n/generated/app_localizations_en.dart", .binaryLiteral, "flutter.lib")
        expect("packages/core/lib/api.dart", .binaryLiteral, "flutter.lib")
        expect("lib/l10n/app_en.arb", .binaryConfig, "flutter.asset")
        expect("lib/l10n/app_de.arb", .binaryConfig, "flutter.asset")
        expect("assets/config/links.json", .binaryConfig, "flutter.asset")
        expect("assets/terms.html", .binaryConfig, "flutter.asset")
        expect("test/widget_test.dart", .test, "path.test-folder")
        expect("integration_test/app_test.dart", .test, "flutter.test")
        expect("pubspec.yaml", .build, "flutter.build-file", line: 3)
        expect("config/prod.json", .binaryConfig, "flutter.dart-define-file")
        #expect(result.occurrence("config/prod.json")?.rule.contains("`--dart-define-from-file` at Makefile:2") == true)
        expect("android/fastlane/Fastfile", .binaryConfig, "flutter.dart-define")
        expect("ios/fastlane/Fastfile", .binaryConfig, "flutter.dart-define")
        expect(".github/workflows/release.yml", .binaryConfig, "flutter.dart-define", line: 7)
        #expect(
            result.occurrences.first { $0.path == ".github/workflows/release.yml" && $0.line == 8 }?.occurrenceClass
                .isBinary == false)
        // An asset folder that `flutter: assets:` does not list is no asset: no build file places it.
        expect("assets/unlisted/old.json", .unknown, "flutter.not-bundled")
        #expect(
            result.occurrence("assets/unlisted/old.json")?.rule.contains("the nearest build file is pubspec.yaml")
                == true)

        // One app per head: the Android app and the iOS app each compile lib/ and the path package.
        let heads = ["Android app `app`", "iOS app `Runner`"]
        for path in ["lib/config.dart", "packages/core/lib/api.dart", "lib/l10n/app_en.arb", "assets/terms.html"] {
            #expect(result.occurrence(path)?.products.map(\.label).sorted() == heads, "\(path)")
        }
        #expect(result.occurrence("lib/config.dart")?.rule.contains("pubspec.yaml (Flutter package)") == true)
        #expect(result.occurrence("lib/l10n/app_en.arb")?.rule.contains("`arb-dir` of l10n.yaml") == true)
        #expect(
            result.occurrence("assets/terms.html")?.rule.contains("`flutter: assets:` (`assets/terms.html`)") == true)
        let define = try #require(result.occurrence("ios/fastlane/Fastfile"))
        #expect(
            define.rule.contains(
                "overrides `String.fromEnvironment('HOST', defaultValue: 'staging.example.net')` at lib/config.dart:1"))
        #expect(define.rule.contains("`--dart-define=HOST=`"))
    }

    @Test func theDartDefineKeyIsReadOnlyInsideItsValue() {
        let line = #"flutter build ipa --flavor prod --dart-define=HOST=host.com --dart-define-from-file=host.com.json"#
        let value = Array(line.utf8).count - Array("host.com --dart-define-from-file=host.com.json".utf8).count + 1
        #expect(FlutterDartDefine.dartDefineKey(line, column: value) == "HOST")
        let fromFile = Array(line.utf8).count - Array("host.com.json".utf8).count + 1
        #expect(FlutterDartDefine.dartDefineKey(line, column: fromFile) == nil)
        #expect(FlutterDartDefine.dartDefineKey("curl https://host.com", column: 14) == nil)
    }

    @Test func aPubWorkspacePackageShipsInTheAppThatDependsOnIt() throws {
        let repo = GitFixture("flutter-workspace")
        repo.write(
            "pubspec.yaml", "name: mono\nenvironment:\n  sdk: ^3.6.0\nworkspace:\n  - apps/shop\n  - packages/ui\n")
        repo.write(
            "apps/shop/pubspec.yaml",
            "name: shop\nresolution: workspace\ndependencies:\n  flutter:\n    sdk: flutter\n  ui: ^1.0.0\nflutter:\n  uses-material-design: true\n"
        )
        repo.write("apps/shop/android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write("apps/shop/lib/main.dart", "const home = 'https://host.com';\n")
        repo.write("packages/ui/pubspec.yaml", "name: ui\nresolution: workspace\n")
        repo.write("packages/ui/lib/links.dart", "const terms = 'https://host.com/terms';\n")
        repo.commit("pub workspace")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["apps/shop/lib/main.dart", "packages/ui/lib/links.dart"] {
            #expect(result.classOf(path) == .binaryLiteral, "\(path): \(result.occurrence(path)?.rule ?? "")")
            #expect(result.occurrence(path)?.ruleID == "flutter.lib")
            #expect(result.occurrence(path)?.products.map(\.label) == ["Android app `app`"])
        }
    }
}
