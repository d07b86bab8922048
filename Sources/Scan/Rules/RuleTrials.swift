import RelopsCore

/// A path rule that can say in a few words why it declined a file, cheaply (from the path, or the
/// project and build unit the other path rules look up anyway). Asked only by `scan --explain`.
protocol ExplainsDecline: PathRule {
    /// Why the rule declined `file`; nil when it cannot say.
    static func whyDeclined(_ file: PathContext) -> String?
}

/// The verdicts of the rules asked in order, and the decision so far.
private struct TrialLog {
    var trials: [RuleTrial] = []
    var decision: Decision?
    /// Why the rules after a decision are not asked.
    var notAskedWhy = "an earlier rule decided"

    /// Asks one rule unless one before it decided.
    mutating func ask(
        _ rule: any ClassRule.Type, _ phase: String, _ decide: () -> (OccurrenceClass, String)?,
        why: () -> String? = { nil }
    ) {
        guard decision == nil else {
            trials.append(RuleTrial(ruleID: rule.id, phase: phase, verdict: .notAsked(why: notAskedWhy)))
            return
        }
        if let (cls, reason) = decide() {
            decision = Decision(cls: cls, rule: rule.id, reason: reason)
            trials.append(RuleTrial(ruleID: rule.id, phase: phase, verdict: .decided(cls, evidence: reason)))
        } else {
            trials.append(RuleTrial(ruleID: rule.id, phase: phase, verdict: .declined(why: why())))
        }
    }
}

extension Classifier {
    /// Every rule's verdict on one occurrence of `file`, asked in the order `classify` asks them:
    /// the file rules, the site rules, the path rules, then the line rules when the path rules
    /// decided a class that ships. Its last `decided` verdict is `classify`'s decision.
    func explain(_ site: OccurrenceSite, _ file: FileClassification) -> [RuleTrial] {
        var log = TrialLog()
        for rule in RuleOrder.file { log.ask(rule, "file") { rule.decide(file.parts.path, self) } }
        for rule in RuleOrder.site { log.ask(rule, "site") { rule.decide(site, file, self) } }
        let decidedBeforePath = log.decision != nil
        let context = PathContext(file.parts, file.facts, self)
        for rule in RuleOrder.path {
            log.ask(
                rule, "path", { rule.decide(context) },
                why: { (rule as? any ExplainsDecline.Type)?.whyDeclined(context) })
        }
        guard !decidedBeforePath else {
            for rule in RuleOrder.line { log.ask(rule, "line") { nil } }
            return log.trials
        }
        let decided = log.decision ?? Decision(cls: .other, rule: NoRuleMatched.id, reason: "no rule matched")
        switch decided.cls {
        case .test, .comment, .docs, .repoMeta, .storeListing, .build:
            log.notAskedWhy = "the line rules refine only classes that ship; \(decided.cls.rawValue) ships nothing"
            for rule in RuleOrder.line { log.ask(rule, "line") { nil } }
            return log.trials
        default: break
        }
        let line = LineContext(site: site, file: file, decided: decided, classifier: self)
        log.decision = nil
        log.notAskedWhy = "an earlier line rule refined the class"
        for rule in RuleOrder.line { log.ask(rule, "line") { rule.decide(line) } }
        return log.trials
    }

    /// The build units that hold `path`: the nearest that owns it, and the project the mobile
    /// rules ask when that is another file.
    func units(of path: String) -> [ExplainedBuildUnit] {
        var units: [ExplainedBuildUnit] = []
        if let owner = chains.index.owner(of: path) {
            units.append(ExplainedBuildUnit(file: owner.file, kind: owner.kind.words, role: "owner"))
        }
        if let project = projects.owningProject(of: path), !units.contains(where: { $0.file == project.file }) {
            units.append(
                ExplainedBuildUnit(file: project.file, kind: project.kind.words, role: "project"))
        }
        return units
    }
}

extension TestFolder: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? { "not under a test folder (`tests/`, `spec/`, ...)" }
}

extension Document: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? { "not a document (`.md`, `.rst`, `.adoc`, `.txt`)" }
}

extension DocumentationFolder: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? { "not under a documentation folder (`docs/`, `adr/`)" }
}

extension MobileProjectSource: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? {
        file.mobileProject == nil
            ? "no mobile app project holds the file" : "not a source file (`.cs`, `.kt`, `.swift`, ...)"
    }
}

extension MobileProjectDocument: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? {
        file.mobileProject == nil ? "no mobile app project holds the file" : "not a document"
    }
}

extension LibraryReferencedByApp: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? {
        file.owner == nil ? "no build unit places this file" : nil
    }
}

extension UnitNoProductIncludes: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? {
        file.owner == nil ? "no build unit places this file" : nil
    }
}

extension DotNetTestProject: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? { "not in a test project" }
}

extension InfoPlist: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? { "not named Info.plist" }
}

extension Entitlements: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? {
        "not an entitlements file (`*.entitlements`, `Entitlements*.plist`)"
    }
}

extension AndroidManifest: ExplainsDecline {
    static func whyDeclined(_ file: PathContext) -> String? { "not named AndroidManifest.xml" }
}

extension BuildUnit.Kind {
    /// What a person calls this kind of unit (`.NET mobile app project`, `Gradle Android app module
    /// (Kotlin Multiplatform)`), as `scan --explain` prints it.
    var words: String {
        switch self {
        case .dotNet(let mobile, let test):
            return test ? ".NET test project" : mobile ? ".NET mobile app project" : ".NET project"
        case .gradle(let app, let kmp, let ios):
            let base = app ? "Gradle Android app module" : "Gradle module"
            let traits = [kmp ? "Kotlin Multiplatform" : nil, ios ? "iOS targets" : nil].compactMap { $0 }
            return traits.isEmpty ? base : base + " (" + traits.joined(separator: ", ") + ")"
        case .swiftPackage: return "Swift package"
        case .xcodeProject: return "Xcode project"
        case .xcodeWorkspace: return "Xcode workspace"
        case .xcodeGen: return "XcodeGen spec"
        case .tuist: return "Tuist project"
        case .service(let language): return "\(language) service"
        case .library(let language): return "\(language) library"
        case .desktop(let framework): return "\(framework) desktop app"
        case .site: return "static site"
        case .cordova: return "Cordova app"
        case .reactNative: return "React Native project"
        case .expo: return "Expo app config"
        case .bundler: return "bundler or copy step"
        }
    }
}

extension ProjectModel.Kind {
    /// What a person calls this kind of project, as `scan --explain` prints it.
    var words: String {
        switch self {
        case .mobileDotNet: ".NET mobile app project"
        case .android: "Android project"
        case .xcode: "Xcode project"
        case .server: "server project"
        case .test: "test project"
        }
    }
}
