import Fingerprint
import Foundation
import RelopsCore

/// What the association documents are made from: the web host's `AppAssociation` section, with
/// `.relops.yml`'s `app` filling what the section leaves out.
///
/// Section keys (compared without case, as .NET does): `AndroidPackageName`,
/// `AndroidCertFingerprints`, `AppleAppIds` (or `AppleAppId`, or `AppleTeamId` + `AppleBundleId`),
/// `ApplePaths` and `AppleComponents` (applinks component objects, used as they are).
public struct AppAssociationSettings: Sendable, Equatable {
    /// `package_name` in assetlinks.json.
    public var androidPackage: String?
    /// `sha256_cert_fingerprints`, exactly as configured (the host copies them verbatim).
    public var androidFingerprints: [String] = []
    /// `appIDs` in the AASA: `TEAMID.bundle.id`.
    public var appleAppIDs: [String] = []
    /// Universal Link paths; each becomes a `{"/": path}` component.
    public var applePaths: [String] = []
    /// Components given as they are; they win over `applePaths`.
    public var appleComponents: [JSONValue] = []
    /// Where each value came from, by field name, for messages (`appsettings.json:5`).
    public var origins: [String: String] = [:]
    /// Disagreements between the served section and `.relops.yml`, worth a warning.
    public var notes: [String] = []
    /// Environment overrides (`appsettings.Production.json`) that would serve a broken document:
    /// a placeholder fingerprint, located by file and line.
    public var overrideProblems: [AssociationProblem] = []

    public init() {}

    /// Reads the section that holds the fingerprints key named by `target` (its parent), then
    /// fills gaps from `config`. A missing file is an error; a missing section leaves only `config`.
    public static func load(target: ConfigTarget?, config: ProjectConfig) throws(Failure) -> AppAssociationSettings {
        var settings = AppAssociationSettings()
        if let target {
            let document = try target.load()
            let sectionPath = target.keyPath.count > 1 ? Array(target.keyPath.dropLast()) : ["AppAssociation"]
            if let section = document.node(at: sectionPath) {
                try settings.read(section: section, document: document, sectionName: sectionPath.joined(separator: ":"))
            }
            settings.overrideProblems = EnvironmentOverrides.placeholders(of: target)
        }
        settings.fillGaps(from: config)
        return settings
    }

    mutating func read(section: JSONCNode, document: JSONCDocument, sectionName: String) throws(Failure) {
        guard section.members != nil else {
            throw Failure(.badInput, "\(document.path): \(sectionName) is not an object")
        }
        func place(_ node: JSONCNode) -> String {
            "\(document.path):\(document.location(of: node.range.lowerBound).line)"
        }
        func strings(_ key: String) throws(Failure) -> (values: [String], node: JSONCNode)? {
            guard let node = section.member(key)?.value else { return nil }
            if let s = node.string { return ([s], node) }
            guard let items = node.elements else {
                throw Failure(
                    .badInput, "\(place(node)): \(sectionName):\(key) must be a string or an array of strings")
            }
            var out: [String] = []
            for item in items {
                guard let s = item.string else {
                    throw Failure(.badInput, "\(place(item)): \(sectionName):\(key) must hold only strings")
                }
                out.append(s)
            }
            return (out, node)
        }
        if let found = try strings("AndroidPackageName") {
            androidPackage = found.values.first
            origins["androidPackage"] = place(found.node)
        }
        if let found = try strings("AndroidCertFingerprints") {
            androidFingerprints = found.values
            origins["androidFingerprints"] = place(found.node)
        }
        var appIDs = try strings("AppleAppIds")
        if appIDs == nil { appIDs = try strings("AppleAppId") }
        if let found = appIDs {
            appleAppIDs = found.values
            origins["appleAppIDs"] = place(found.node)
        } else if let team = try strings("AppleTeamId"), let bundle = try strings("AppleBundleId"),
            let t = team.values.first, let b = bundle.values.first
        {
            appleAppIDs = ["\(t).\(b)"]
            origins["appleAppIDs"] = place(team.node)
        }
        if let found = try strings("ApplePaths") {
            applePaths = found.values
            origins["applePaths"] = place(found.node)
        }
        if let node = section.member("AppleComponents")?.value {
            guard let items = node.elements, items.allSatisfy({ $0.members != nil }) else {
                throw Failure(.badInput, "\(place(node)): \(sectionName):AppleComponents must be an array of objects")
            }
            appleComponents = items.map(\.value)
            origins["appleComponents"] = place(node)
        }
    }

    /// Takes from `.relops.yml` each value the `AppAssociation` section leaves out, noting conflicts.
    mutating func fillGaps(from config: ProjectConfig) {
        if let package = config.androidPackage {
            if let served = androidPackage, served != package {
                notes.append(
                    "\(origins["androidPackage"] ?? "appsettings"): AndroidPackageName \(served) differs from "
                        + ".relops.yml app.android.package \(package); rendering what the host serves")
            } else if androidPackage == nil {
                androidPackage = package
                origins["androidPackage"] = ".relops.yml app.android.package"
            }
        }
        if appleAppIDs.isEmpty && !config.iosAppIDs.isEmpty {
            appleAppIDs = config.iosAppIDs
            origins["appleAppIDs"] = ".relops.yml app.ios.app_ids"
        } else if !config.iosAppIDs.isEmpty && Set(config.iosAppIDs) != Set(appleAppIDs) {
            notes.append(
                "\(origins["appleAppIDs"] ?? "appsettings"): Apple app ids \(appleAppIDs.joined(separator: ", ")) differ from "
                    + ".relops.yml app.ios.app_ids \(config.iosAppIDs.joined(separator: ", ")); rendering what the host serves"
            )
        }
        if applePaths.isEmpty && appleComponents.isEmpty && !config.iosPaths.isEmpty {
            applePaths = config.iosPaths
            origins["applePaths"] = ".relops.yml app.ios.paths"
        }
    }

    /// The AASA `components`: the configured ones, else one `{"/": path}` per path.
    public var components: [JSONValue] {
        appleComponents.isEmpty ? applePaths.map { .object([("/", .string($0))]) } : appleComponents
    }
}
