import Fingerprint
import Foundation
import RelopsCore

/// Where `fingerprint rotate` edits the served fingerprints, from the assetlinks.json source.
public enum RotationDestination: Sendable {
    /// A file relops edits losslessly: the settings section or a static `assetlinks.json`.
    case file(ConfigTarget, source: AssociationSource)
    /// Another repository serves the document: relops says what its team must change.
    case external(AssociationSource)
}

extension AssociationSources {
    /// The file and key `fingerprint rotate` edits for this repository's assetlinks.json: the
    /// settings section's `AndroidCertFingerprints`, or in a static (or nginx-served) file the
    /// `sha256_cert_fingerprints` of the statement that grants `handle_all_urls` to the app (the
    /// one for `.relops.yml`'s `app.android.package` when there are several).
    public func rotationDestination(in project: Project) throws(Failure) -> RotationDestination {
        let source = try source(of: .assetLinks).only()
        switch source {
        case .external: return .external(source)
        case .settings(let path, let section):
            let keyPath = section.split(separator: ":").map(String.init) + ["AndroidCertFingerprints"]
            return .file(try ConfigTarget.inRepository(path, root: project.root, keyPath: keyPath), source: source)
        case .staticFile(let path), .nginx(_, _, _, .file(let path)):
            // The same strict reader render and verify use, before any edit.
            let (full, document) = try ServedFile.document(path, root: project.root)
            let target = ConfigTarget(
                path: full, displayPath: path,
                keyPath: try Self.statementKeyPath(document, package: project.config.androidPackage),
                servedDocument: true)
            return .file(target, source: source)
        case .nginx(let config, let line, let location, .body):
            throw Failure(
                .badInput,
                "\(config):\(line): location \(location) returns assetlinks.json inline; relops does not edit an "
                    + "nginx return line: move the document to a file (alias) or change the line by hand")
        case .nginx(let config, let line, let location, .unresolved(let why)):
            throw Failure(.badInput, "\(config):\(line): location \(location) \(why)")
        case .code(let path, let line, let what):
            throw Failure(
                .badInput,
                "\(path):\(line): assetlinks.json is served by code (\(what)); relops does not edit code: change the "
                    + "fingerprints there by hand, or name a static file with app.association")
        }
    }

    /// The key path of the `sha256_cert_fingerprints` to edit in a static assetlinks.json.
    static func statementKeyPath(_ document: JSONCDocument, package: String?) throws(Failure) -> [String] {
        guard let statements = document.root.elements else {
            let (line, column) = document.location(of: document.root.range.lowerBound)
            throw Failure(
                .badInput, "\(document.path):\(line):\(column): assetlinks.json must be an array of statements")
        }
        var apps: [(index: Int, package: String?, node: JSONCNode)] = []
        for (i, statement) in statements.enumerated() {
            guard let target = statement.member("target")?.value,
                target.member("namespace")?.value.string == "android_app",
                statement.member("relation")?.value.elements?.contains(where: {
                    $0.string == AssetLinksDocument.handleAllURLs
                }) == true
            else { continue }
            apps.append((i, target.member("package_name")?.value.string, statement))
        }
        var chosen = apps
        if apps.count > 1, let package { chosen = apps.filter { $0.package == package } }
        guard chosen.count == 1, let app = chosen.first else {
            if apps.isEmpty {
                throw Failure(
                    .badInput,
                    "\(document.path): no statement grants \(AssetLinksDocument.handleAllURLs) to an android_app "
                        + "target, so there is no sha256_cert_fingerprints to rotate")
            }
            let packages = countedList(apps.map { $0.package ?? "(no package_name)" })
            throw Failure(
                .badInput,
                "\(document.path): \(apps.count) statements grant handle_all_urls (\(packages)) and "
                    + (package.map { "none to \($0)" } ?? "no app.android.package in .relops.yml picks one")
                    + "; relops edits one")
        }
        let keyPath = [String(app.index), "target", "sha256_cert_fingerprints"]
        guard document.node(at: keyPath) != nil else {
            let (line, column) = document.location(of: app.node.range.lowerBound)
            throw Failure(
                .badInput,
                "\(document.path):\(line):\(column): the statement for \(app.package ?? "the app") has no "
                    + "target.sha256_cert_fingerprints array to rotate")
        }
        return keyPath
    }
}

/// What the team that serves an external assetlinks.json must change, since relops cannot.
public struct ExternalRotation: Sendable {
    /// The external source.
    public let source: AssociationSource
    /// One instruction per line, for people.
    public let instructions: [String]
    /// The fingerprints asked for, canonical form.
    public let add: [String]
    /// The fingerprint to remove, canonical form.
    public let retire: String?
    /// Whether the values already served stay (`--keep-old`).
    public let keepOld: Bool

    /// The instructions for adding `fingerprints` (keeping the others with `keepOld`) or retiring
    /// `retire`, in `package`'s statement on `webHost`.
    public init(
        source: AssociationSource, adding fingerprints: [CertificateFingerprint], retire: CertificateFingerprint?,
        keepOld: Bool, package: String?, webHost: String?
    ) {
        self.source = source
        add = fingerprints.map(\.canonical)
        self.retire = retire?.canonical
        self.keepOld = keepOld
        let url = webHost.map { "https://\($0)/.well-known/assetlinks.json" } ?? "/.well-known/assetlinks.json"
        let statement =
            "the sha256_cert_fingerprints of \(package.map { "\($0)'s statement" } ?? "the app's statement")"
        var lines = [
            "assetlinks.json is \(source.summary).", "Nothing was changed here. Ask the team that serves \(url) to:",
        ]
        if !add.isEmpty {
            lines.append(
                keepOld || retire != nil
                    ? "  add to \(statement), keeping the values already there: \(add.joined(separator: ", "))"
                    : "  set \(statement) to exactly: \(add.joined(separator: ", "))")
        }
        if let retire = self.retire { lines.append("  remove from \(statement): \(retire)") }
        var check = "relops verify" + (webHost.map { " --host \($0)" } ?? "")
        for fingerprint in add { check += " --fingerprint \(fingerprint)" }
        // A fingerprint is checked paired with its package (verify refuses one without).
        if let package, !add.isEmpty { check += " --package \(package)" }
        lines.append("Then check the live file: \(check)")
        instructions = lines
    }
}
