import RelopsCore

/// Where each expected value came from: the flag or key an operator gave it with, so a value relops
/// cannot check is named the way it was asked for, with what would make it checkable.
public struct ExpectationOrigins: Sendable, Equatable {
    /// `--package`, `.relops.yml app.android.package`, a settings file, a build file.
    public var package: String?
    /// `--fingerprint`, `.relops.yml app.android.fingerprints`, a settings file.
    public var fingerprints: String?
    /// `--app-id`, `.relops.yml app.ios.app_ids`, a settings file, a build file.
    public var appIDs: String?
    /// `--path`, `.relops.yml app.ios.paths`, a settings file.
    public var paths: String?
    /// `--platforms` when given; the build files when read from them; nil for the default (both).
    public var platforms: String?

    /// No origins known.
    public init() {}
}

/// The demands an operator made of `relops verify`: every expected value given is a check that is
/// made or the command fails. `missingInputs` are found before anything is fetched (a fingerprint
/// with no package to pair it with: exit 2); `unmet` after the run (a demanded check that reached no
/// verdict, or a run in which every check was skipped: exit 1 unless `--allow-unchecked`).
enum VerifyDemands {
    /// The first demand that cannot be checked with the inputs given, as a usage error naming the
    /// value, why, and the flag or key that would make it checkable; nil when every demand can be.
    static func missingInput(_ options: VerifyOptions) -> Failure? {
        let e = options.expectation
        let o = options.origins
        let android = options.platforms.contains(.android)
        let ios = options.platforms.contains(.iOS)
        let narrowed = o.platforms.map { "\($0) \(options.platforms.sorted().map(\.flagName).joined(separator: ","))" }
        if android, !e.fingerprints.isEmpty, e.androidPackage == nil {
            return Failure(
                .usage,
                "cannot check \(o.fingerprints ?? "--fingerprint") \(e.fingerprints.joined(separator: ", ")): no "
                    + "Android package to pair it with; give --package NAME or set app.android.package in .relops.yml")
        }
        if ios, !e.iosPaths.isEmpty, e.iosAppIDs.isEmpty {
            return Failure(
                .usage,
                "cannot check \(o.paths ?? "--path") \(e.iosPaths.joined(separator: ", ")): no Apple app id to open "
                    + "them in; give --app-id TEAMID.bundle.id or set app.ios.app_ids in .relops.yml")
        }
        guard let narrowed, o.platforms == "--platforms" else { return nil }
        let flagged = [o.package, o.fingerprints, o.appIDs, o.paths].compactMap { $0 }.filter { $0.hasPrefix("--") }
        for origin in flagged {
            let forAndroid = origin == "--package" || origin == "--fingerprint"
            guard forAndroid ? !android : !ios else { continue }
            let value: String
            switch origin {
            case "--package": value = e.androidPackage ?? ""
            case "--fingerprint": value = e.fingerprints.joined(separator: ", ")
            case "--app-id": value = e.iosAppIDs.joined(separator: ", ")
            default: value = e.iosPaths.joined(separator: ", ")
            }
            let platform = forAndroid ? "Android" : "iOS"
            let document = forAndroid ? "assetlinks.json" : "apple-app-site-association"
            return Failure(
                .usage,
                "cannot check \(origin) \(value): \(narrowed) leaves out \(platform), so no \(document) is read; "
                    + "add \(platform.lowercased()) to --platforms or drop \(origin)")
        }
        return nil
    }

    /// One demanded value and the checks that decide it.
    struct Demand {
        /// `--fingerprint AB:CD:...` as the operator gave it.
        let what: String
        /// Check names (or name prefixes ending in `.`) any of whose verdicts decides it.
        let decidedBy: [String]
    }

    /// What the operator asked for, for the run's `options`.
    static func demands(_ options: VerifyOptions) -> [Demand] {
        guard !options.tlsOnly else { return [] }
        let e = options.expectation
        let o = options.origins
        var out: [Demand] = []
        let android = options.platforms.contains(.android)
        let ios = options.platforms.contains(.iOS)
        if android, let package = e.androidPackage, let origin = o.package {
            out.append(Demand(what: "\(origin) \(package)", decidedBy: ["assetlinks.grant"]))
        }
        if android, !e.fingerprints.isEmpty, let origin = o.fingerprints {
            for fingerprint in e.fingerprints {
                out.append(
                    Demand(what: "\(origin) \(fingerprint)", decidedBy: ["assetlinks.fingerprint", "assetlinks.grant"]))
            }
        }
        if ios, !e.iosAppIDs.isEmpty, let origin = o.appIDs {
            out.append(Demand(what: "\(origin) \(e.iosAppIDs.joined(separator: ", "))", decidedBy: ["aasa.appid"]))
        }
        if ios, !e.iosPaths.isEmpty, let origin = o.paths {
            out.append(
                Demand(
                    what: "\(origin) \(e.iosPaths.joined(separator: ", "))", decidedBy: ["aasa.paths", "aasa.appid"]))
        }
        if let origin = o.platforms {
            if android { out.append(Demand(what: "\(origin) android", decidedBy: ["assetlinks."])) }
            if ios { out.append(Demand(what: "\(origin) ios", decidedBy: ["aasa."])) }
        }
        return out
    }

    /// One line for each demand of `options` that no check of `report` decided, and one when every
    /// check was skipped; each says what could not be checked, why, and what would make it checkable.
    static func unmet(_ options: VerifyOptions, _ report: VerifyReport) -> [String] {
        func decides(_ check: Check, _ names: [String]) -> Bool {
            names.contains { $0.hasSuffix(".") ? check.name.hasPrefix($0) : check.name == $0 }
        }
        var out: [String] = []
        for demand in demands(options)
        where !report.checks.contains(where: { $0.verdict != .skip && decides($0, demand.decidedBy) }) {
            out.append("could not check \(demand.what): \(why(options, report, demand))")
        }
        if !report.checks.isEmpty, report.checks.allSatisfy({ $0.verdict == .skip }) {
            let first = report.checks.first { $0.name != "local" } ?? report.checks[0]
            out.append(
                "nothing was checked: every check was skipped (\(first.name): \(first.reason)); "
                    + "give --allow-unchecked to accept a run that checks nothing")
        }
        return out
    }

    /// Why the checks of the demand's document reached no verdict on it, and what would let them:
    /// the skip of a check that decides it, else the failure that stopped it, else the first skip.
    static func why(_ options: VerifyOptions, _ report: VerifyReport, _ demand: Demand) -> String {
        let document = demand.decidedBy[0].hasPrefix("aasa") ? "aasa" : "assetlinks"
        let documentChecks = report.checks.filter { $0.name.hasPrefix(document) }
        let dropLocal = options.local ? "; drop --local to check the live file" : ""
        if let own = documentChecks.first(where: { $0.verdict == .skip && demand.decidedBy.contains($0.name) }) {
            return own.reason + dropLocal
        }
        if let failure = documentChecks.first(where: { $0.verdict == .fail }) {
            return "\(failure.name) failed before it could be (\(failure.reason)); fix that and run again"
        }
        if let external = documentChecks.first(where: { $0.name.hasSuffix(".local") }) {
            return external.reason + dropLocal
        }
        if let skip = documentChecks.first(where: { $0.verdict == .skip }) {
            return "\(skip.name): \(skip.reason)" + dropLocal
        }
        return "no check of \(document == "aasa" ? "apple-app-site-association" : "assetlinks.json") ran" + dropLocal
    }
}
