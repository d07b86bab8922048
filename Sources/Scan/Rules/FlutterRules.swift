import RelopsCore

// Flutter: a `pubspec.yaml` with a `flutter:` section is compiled into the app of each platform
// head (`android/`, `ios/`, `macos/`, ...): its `lib/`, its path packages, its assets and its
// gen-l10n ARB files ship; `--dart-define` values of a `flutter build` are compiled in.

/// The smallest Flutter app: a pubspec with `flutter:` and an Android head.
private let flutterApp: [(String, String)] = [
    ("pubspec.yaml", "name: shop\ndependencies:\n  flutter:\n    sdk: flutter\nflutter:\n  generate: true\n"),
    ("android/app/build.gradle", "plugins { id 'com.android.application' }\n"),
]

/// The Dart or Flutter package that owns the file, and the file's path inside it.
private func package(_ file: PathContext) -> (unit: BuildUnit, spec: FlutterPubspec, relative: String)? {
    guard let owner = file.owner, let spec = owner.flutter else { return nil }
    let relative = owner.relative(file.path)
    return (owner, spec, relative)
}

/// `integration_test/` and `test_driver/` of a Dart package: run by `flutter test` and `flutter drive`.
struct FlutterTestFolder: PathRule {
    static let id = "flutter.test"
    static let description = "`integration_test/` and `test_driver/` of a Flutter package are tests"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(
        flutterApp + [("integration_test/app_test.dart", "final home = 'https://app.example.com';\n")],
        at: "integration_test/app_test.dart")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let folder = file.folders.first(where: { $0 == "integration_test" || $0 == "test_driver" }),
            let (unit, _, _) = package(file)
        else { return nil }
        return (.test, "under `\(folder)/` of \(unit.file): run by `flutter test`, ships nothing")
    }
}

/// A Dart package's own build files: `pubspec.yaml`, `pubspec.lock`, `l10n.yaml`.
struct FlutterBuildFile: PathRule {
    static let id = "flutter.build-file"
    static let description = "`pubspec.yaml`, `pubspec.lock` and `l10n.yaml` are read by the build, ship nothing"
    static let classes: [OccurrenceClass] = [.build]
    static let example = RuleExample(
        [("pubspec.yaml", "name: shop\nhomepage: https://app.example.com\nflutter:\n  generate: true\n")],
        at: "pubspec.yaml")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard ["pubspec.yaml", "pubspec.lock", "l10n.yaml"].contains(file.lowerName) else { return nil }
        return (
            .build, "the Dart package's build file (\(file.parts.name)): read by `flutter build`, ships nothing itself"
        )
    }
}

/// `flutter: assets:` entries and the ARB files `flutter gen-l10n` compiles in.
struct FlutterBundledFile: PathRule {
    static let id = "flutter.asset"
    static let description =
        "a `flutter: assets:` entry or a gen-l10n ARB file is bundled into every app of the Flutter package"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        flutterApp + [("lib/l10n/app_en.arb", #"{ "home": "https://app.example.com" }"#)], at: "lib/l10n/app_en.arb")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let (unit, spec, relative) = package(file) else { return nil }
        let what: String
        if spec.compilesARB(relative) {
            let how = spec.hasL10nFile ? "`arb-dir` of l10n.yaml" : "`generate: true`, default `arb-dir`"
            what = "an ARB file in `\(spec.arbDirectory)/` (\(how)) that `flutter gen-l10n` compiles in"
        } else if let entry = spec.assetEntry(listing: relative) {
            what = "listed under `flutter: assets:` (`\(entry)`) in \(unit.file)"
        } else {
            return nil
        }
        let links = file.classifier.graph.links(of: file.path)
        guard let first = links.first else { return nil }
        return (.binaryConfig, "\(what) (\(first.text(from: file.path))): bundled into the app")
    }
}

/// Dart source under `lib/` of a Flutter package, or of a package it depends on by `path:`.
struct FlutterLibrarySource: PathRule {
    static let id = "flutter.lib"
    static let description = "Dart under `lib/` of a Flutter app or its path packages is compiled into every head's app"
    static let classes: [OccurrenceClass] = [.binaryLiteral]
    static let example = RuleExample(
        flutterApp + [("lib/config.dart", "const home = 'https://app.example.com';\n")], at: "lib/config.dart")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let (_, _, relative) = package(file), relative.hasPrefix("lib/") else { return nil }
        let links = file.classifier.graph.links(of: file.path)
        guard let first = links.first else { return nil }
        return (.binaryLiteral, "Dart source in `lib/` (\(first.text(from: file.path))): compiled into the app")
    }
}

/// A `--dart-define=KEY=VALUE` of a `flutter build` or `flutter run` (a Fastfile, a CI workflow,
/// `codemagic.yaml`, a Makefile, a script): compiled into the app, whatever its `--flavor`. Only
/// in a file that runs builds (`PathRules.runsBuilds`): a guide that quotes the command is documentation.
struct FlutterDartDefine: SiteRule {
    static let id = "flutter.dart-define"
    static let description =
        "a `--dart-define=KEY=VALUE` of a Flutter build is compiled into the app, overriding `String.fromEnvironment`'s default"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        flutterApp + [
            ("lib/config.dart", "const host = String.fromEnvironment('HOST', defaultValue: 'staging.example.net');\n"),
            (
                ".github/workflows/release.yml",
                "jobs:\n  build:\n    steps:\n      - run: flutter build apk --dart-define=HOST=app.example.com\n"
            ),
        ], at: ".github/workflows/release.yml")

    static func decide(
        _ site: OccurrenceSite, _ file: FileClassification, _ classifier: Classifier
    ) -> (OccurrenceClass, String)? {
        guard ByteSearch.contains("--dart-define", in: site.line), PathRules.runsBuilds(file.parts),
            let key = dartDefineKey(site.line, column: site.column)
        else { return nil }
        let overridden =
            classifier.dartDefaults.read(of: key).map {
                "; it overrides `String.fromEnvironment('\(key)', defaultValue: \($0.defaultValue))` at \($0.location)"
            } ?? "; no `String.fromEnvironment('\(key)', defaultValue: ...)` under lib/ reads it"
        return (
            .binaryConfig,
            "`--dart-define=\(key)=` of a Flutter build: compiled into the app (whatever its `--flavor`)\(overridden)"
        )
    }

    /// What `flutter build <target>` on `line` builds; nil for `flutter run` or no build command.
    enum BuildTarget {
        case platform(Platform)
        case web
        /// `flutter build linux` or `windows`: the desktop app of that head folder.
        case desktopHead(String)

        /// True when a build for this target makes `product`.
        func builds(_ product: Product) -> Bool {
            switch self {
            case .platform(let platform): product.kind == .app && product.platforms.contains(platform)
            case .web: product.kind == .site
            case .desktopHead(let head):
                product.kind == .app && product.platforms.contains(.desktop) && nameOf(folderOf(product.file)) == head
            }
        }
    }

    /// The target of the `flutter build` on `line`: `apk` and `appbundle` build Android, `ipa` and
    /// `ios` iOS, `macos` macOS, `web` a site, `linux` and `windows` the desktop app of that head;
    /// any other or none, nil.
    static func buildTarget(_ line: String) -> BuildTarget? {
        // `flutter build ipa`, also inside a call or a quoted command: `sh("flutter build appbundle ...")`.
        guard let build = line.range(of: "flutter build ") else { return nil }
        let target = line[build.upperBound...].prefix { $0.isLetter }
        switch target {
        case "apk", "appbundle": return .platform(.android)
        case "ipa", "ios": return .platform(.iOS)
        case "macos": return .platform(.macOS)
        case "web": return .web
        case "linux", "windows": return .desktopHead(String(target))
        default: return nil
        }
    }

    /// The key of the `--dart-define` whose value holds the byte `column` (1-based) of `line`, nil
    /// when the match is not inside one (`--dart-define-from-file` names a file, not a value).
    static func dartDefineKey(_ line: String, column: Int) -> String? {
        let bytes = Array(line.utf8)
        let flag = Array("--dart-define".utf8)
        var found: String?
        var at = 0
        while at + flag.count <= min(bytes.count, column - 1) {
            guard bytes[at] == flag[0], bytes[at..<at + flag.count].elementsEqual(flag) else {
                at += 1
                continue
            }
            var k = at + flag.count
            guard k < bytes.count, bytes[k] == UInt8(ascii: "=") || bytes[k] == UInt8(ascii: " ") else {
                found = nil  // `--dart-define-from-file`
                at = k
                continue
            }
            k += 1
            while k < bytes.count && (bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'")) { k += 1 }
            let keyStart = k
            while k < bytes.count && bytes[k] != UInt8(ascii: "=") && bytes[k] != UInt8(ascii: " ") { k += 1 }
            let key = String(decoding: bytes[keyStart..<k], as: UTF8.self)
            // The match must lie in this value: after `KEY=`, before the next space outside quotes.
            var end = k
            var quote: UInt8?
            while end < bytes.count {
                let b = bytes[end]
                if let q = quote {
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: " ") {
                    break
                }
                end += 1
            }
            let inside = k < bytes.count && bytes[k] == UInt8(ascii: "=") && column - 1 > k && column - 1 < end
            found = inside && !key.isEmpty ? key : nil
            at = k
        }
        return found
    }
}

/// Any other file of a Dart package that an app compiles: neither `lib/` nor an asset nor an ARB
/// file the build reads. Where it ships is not known (a `web/` head, a tool, a script): `unknown`.
struct FlutterUnbundledFile: PathRule {
    static let id = "flutter.not-bundled"
    static let description =
        "a file of a Flutter package outside `lib/`, `flutter: assets:` and gen-l10n: check where it ships"
    static let classes: [OccurrenceClass] = [.unknown]
    static let example = RuleExample(
        flutterApp + [("tool/seed.sh", "curl https://app.example.com/seed\n")], at: "tool/seed.sh")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let (unit, spec, _) = package(file),
            spec.isFlutter || !file.classifier.graph.links(of: file.path).isEmpty,
            !placedOutsideApps(file)
        else { return nil }
        return (
            .unknown,
            "in \(unit.file) (\(unit.variant ?? "Dart package")), but not under `lib/`, not a `flutter: assets:` entry, not a gen-l10n ARB file: no build file relops read places this file (the nearest build file is \(unit.file)): check where it ships"
        )
    }
}

extension FlutterUnbundledFile {
    /// True for the files the rules further down place outside every app: documents and
    /// documentation folders (`docs.document`, `docs.folder`), CI pipelines (`ci.pipeline`,
    /// `ci.deploying-pipeline`), deployment and server configuration (`deploy.configuration`,
    /// `server.configuration`). A Flutter app's `pubspec.yaml` is often at the repository's root,
    /// so its package folder holds the README, `docs/`, CI and deployment files too: they are
    /// placed by those rules, not left `unknown`.
    static func placedOutsideApps(_ file: PathContext) -> Bool {
        isDocument(file.lowerName) || DocumentationFolder.decide(file) != nil || DeployingPipeline.isPipeline(file)
            || DeploymentFile.decide(file) != nil || ServerConfiguration.decide(file) != nil
    }
}

/// A file that a `--dart-define-from-file` of a Flutter build names: its values are compiled in.
struct FlutterDefineFile: PathRule {
    static let id = "flutter.dart-define-file"
    static let description = "a file a `--dart-define-from-file` of a Flutter build names is compiled into the app"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        flutterApp + [
            ("Makefile", "release:\n\tflutter build apk --dart-define-from-file=config/prod.json\n"),
            ("config/prod.json", #"{ "HOST": "app.example.com" }"#),
        ], at: "config/prod.json")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        // Flutter reads a `.json` or `.env` file; only then are the files that run builds read.
        let name = file.lowerName
        guard name.hasSuffix(".json") || name.hasSuffix(".env") || name.hasPrefix(".env"),
            let named = file.classifier.dartDefaults.defineFile(naming: file.path)
        else { return nil }
        return (
            .binaryConfig,
            "named by `--dart-define-from-file` at \(named): its values are compiled into the app (whatever its `--flavor`)"
        )
    }
}
