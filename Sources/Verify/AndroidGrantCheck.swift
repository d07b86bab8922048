import Association
import Fingerprint
import RelopsCore

/// What assetlinks.json must grant: the package and its app-signing fingerprints.
struct AndroidGrantCheck {
    let package: String?
    /// Canonical expected fingerprints.
    let fingerprints: [String]
    /// Why some included file was not read (`--local`: not a file of this repository's site), when
    /// one was not: what is not found may be in it, so it is not checked rather than failed.
    var unread: String?

    /// Checks the statements of a file and everything it includes.
    func evaluate(_ statements: [AssetLinksDocument.Statement], into list: inout CheckList) {
        let apps = statements.compactMap { s -> (package: String, prints: [String], grants: Bool)? in
            guard case .androidApp(let package, let prints) = s.target else { return nil }
            return (package, prints, s.relations.contains(AssetLinksDocument.handleAllURLs))
        }
        for problem in AssetLinksDocument.fingerprintProblems(in: statements) {
            list.fail("assetlinks.fingerprint-form", problem)
        }
        guard let package else {
            list.skip("assetlinks.grant", "no expected package name (give --package or app.android.package)")
            return
        }
        let granting = apps.filter { $0.grants && $0.package == package }
        if granting.isEmpty, let unread {
            list.skip("assetlinks.grant", "\(package) is not granted in what was read, and \(unread)")
            return
        }
        guard !granting.isEmpty else {
            let others = Set(apps.filter(\.grants).map(\.package)).sorted()
            let found =
                others.isEmpty
                ? "no android_app statement grants it" : "it is granted to: " + others.joined(separator: ", ")
            let related =
                apps.contains { $0.package == package }
                ? " (\(package) is listed without \(AssetLinksDocument.handleAllURLs))" : ""
            list.fail(
                "assetlinks.grant",
                "no statement grants \(AssetLinksDocument.handleAllURLs) to \(package); \(found)\(related)")
            return
        }
        list.pass("assetlinks.grant", "a statement grants \(AssetLinksDocument.handleAllURLs) to \(package)")
        let served = granting.flatMap(\.prints)
        guard !fingerprints.isEmpty else {
            // An identity relops does not have is not checked: a warning here let a runbook step pass
            // with no signing key compared (issue 38).
            list.skip(
                "assetlinks.fingerprint",
                "no expected fingerprint to compare (give --fingerprint or set app.android.fingerprints); served: "
                    + served.joined(separator: ", "))
            return
        }
        for expected in fingerprints {
            if served.contains(expected) {
                list.pass("assetlinks.fingerprint", "\(package) lists \(expected)")
            } else if let unread {
                list.skip(
                    "assetlinks.fingerprint", "\(package) does not list \(expected) in what was read, and \(unread)")
            } else if let near = served.first(where: {
                (try? FingerprintNormalizer.sha256($0))?.canonical == expected
            }) {
                list.fail(
                    "assetlinks.fingerprint",
                    "\(package) lists the expected fingerprint as \"\(near)\", not in the canonical form \(expected)")
            } else {
                list.fail(
                    "assetlinks.fingerprint",
                    "\(package) does not list \(expected); served: "
                        + (served.isEmpty ? "none" : served.joined(separator: ", ")))
            }
        }
    }
}
