import Foundation
import RelopsCore
import Scan

/// When a step (or a whole runbook) applies: `when: ios`, `when: android`, `when: vars.NAME` or
/// `when: rollback`, written in the front matter or as a step's first line.
public enum StepCondition: Sendable, Equatable {
    /// The app ships on this platform (`when: ios` or `when: android`).
    case platform(Platform)
    /// The variable has a value that is not empty, `false`, `no`, `off` or `0`.
    case variable(String)
    /// The step belongs to the rollback section: it runs only in a `--rollback` run.
    case rollback
    /// This repository serves the association documents (the step reads or edits them); with an
    /// external source the step is skipped, saying so.
    case localAssociation

    /// Reads a `when:` value; `location` (`path:line`) names it in the error.
    public init(parsing text: String, location: String) throws(Failure) {
        let value = text.trimmingCharacters(in: .whitespaces)
        switch value.lowercased() {
        case "ios": self = .platform(.iOS)
        case "android": self = .platform(.android)
        case "rollback": self = .rollback
        case "local-association": self = .localAssociation
        default:
            guard value.hasPrefix("vars."), Placeholders.isName(String(value.dropFirst(5))) else {
                throw Failure(
                    .badInput,
                    "\(location): `when: \(value)` is not a condition (known: ios, android, vars.NAME, rollback, local-association)"
                )
            }
            self = .variable(String(value.dropFirst(5)))
        }
    }

    /// As written after `when:`.
    public var text: String {
        switch self {
        case .platform(let platform): platform.flagName
        case .variable(let name): "vars." + name
        case .rollback: "rollback"
        case .localAssociation: "local-association"
        }
    }

    /// Nil when the condition holds, else why the step does not apply.
    func unmet(_ context: ConditionContext) -> String? {
        switch self {
        case .rollback:
            return context.rollback ? nil : "a rollback step (it runs with --rollback)"
        case .localAssociation:
            guard case .external(let reason) = context.association() else { return nil }
            return "`when: local-association` and the association files are not served from this repository (\(reason))"
        case .variable(let name):
            let value = context.variables.value(of: name) ?? ""
            let off = ["", "false", "no", "off", "0"].contains(value.lowercased())
            return off ? "`when: vars.\(name)` and `\(name)` is \(value.isEmpty ? "not set" : "`\(value)`")" : nil
        case .platform(let platform):
            let platforms = context.platforms
            return platforms.values.contains(platform)
                ? nil
                : "`when: \(platform.flagName)` and the app's platforms are \(platforms.names.isEmpty ? "none" : platforms.names.joined(separator: ", ")) (\(platforms.source))"
        }
    }
}

/// What conditions are decided on.
struct ConditionContext {
    let variables: RunVariables
    let rollback: Bool
    let platforms: Platforms
    /// Where the association documents come from, found when a condition first asks.
    let association: () -> AssociationChoice
}

/// The platforms the app ships on: the runbook variable `platforms` (`ios,android`) when given, else
/// what the repository's build files build, as `scan` reads them (every stack it reads: Gradle with
/// its catalog and convention plugins, Xcode, XcodeGen, .NET, Flutter, React Native, Expo, Cordova,
/// ...). Folder names and loose files (`iOS/`, an `Info.plist`, a Gradle server) claim nothing.
struct Platforms {
    /// The platforms named or found.
    let values: Set<Platform>
    /// Words of `--var platforms=...` that name no platform, kept so the report says them as given.
    var otherWords: Set<String> = []
    /// Where they came from, for the report.
    let source: String

    /// As the report and the `platforms` variable say them: lowercase words (`android`, `ios`), sorted.
    var names: [String] { (values.map(\.flagName) + otherWords).sorted() }

    static func resolve(_ variables: RunVariables, repositoryRoot: String) -> Platforms {
        if let given = variables.value(of: "platforms"), !given.isEmpty {
            let words = Platform.words(of: given)
            let recorded = variables.sources[variables.spelling(of: "platforms")] ?? ""
            let source = recorded.hasPrefix("found in the repository") ? recorded : "--var platforms=\(given)"
            return Platforms(
                values: Set(words.compactMap(Platform.init(flagName:))),
                otherWords: Set(words.filter { Platform(flagName: $0) == nil }), source: source)
        }
        return configured(in: repositoryRoot) ?? detect(in: repositoryRoot)
    }

    /// `app.platforms` of the repository's `.relops.yml`, when it sets them.
    static func configured(in root: String) -> Platforms? {
        let config: ProjectConfig
        do {
            config = try Project(path: root).config
        } catch {
            // A `.relops.yml` that cannot be read is the run's own error, said where it is loaded.
            return nil
        }
        guard let platforms = config.platforms else { return nil }
        return Platforms(values: platforms, source: ".relops.yml app.platforms; --var platforms=... overrides")
    }

    /// The platforms of the apps the repository's build files build, read by the scan's own build
    /// model (`builtApps`): Android, and iOS for an iOS or Mac Catalyst app.
    static func detect(in root: String) -> Platforms {
        let apps: [BuiltApp]
        do { apps = try builtApps(try Project(path: root)) } catch {
            return Platforms(
                values: [],
                source: "the build files could not be read (\(error.message)); --var platforms=... sets them")
        }
        var values = Set<Platform>()
        var evidence: [String] = []
        for app in apps {
            for built in app.platforms {
                guard let platform: Platform = built == .android ? .android : (built.isAppleMobile ? .iOS : nil),
                    values.insert(platform).inserted
                else { continue }
                evidence.append("\(app.file) builds an \(platform.rawValue) app")
            }
        }
        let source =
            evidence.isEmpty
            ? "no build file in the repository builds an Android or iOS app" : evidence.joined(separator: ", ")
        return Platforms(values: values, source: source + "; --var platforms=... overrides")
    }
}
