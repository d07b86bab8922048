import RelopsCore
import Scan

/// What still has to happen after the files are rewritten, derived from what changed.
public struct FollowUp: Sendable, Equatable {
    public let title: String
    public let detail: String
}

extension CutoverPlan {
    /// The platforms whose store binaries change: from the products that carry the rewritten
    /// occurrences; for those no app product carries, from their KMP source sets, else from every
    /// app the repository builds (no build file says which one ships them).
    public var platformsToRebuild: [Platform] {
        let binary = edits.filter { $0.occurrenceClass.isBinary }
        let orphans = binary.filter { !$0.products.contains { $0.kind == .app || $0.kind == .example } }
        var platforms = Set(binary.flatMap(\.products).filter { $0.kind == .app }.flatMap(\.platforms))
        if !orphans.isEmpty {
            platforms.formUnion(orphanSourceSetPlatforms(orphans) ?? Set(repositoryApps.flatMap(\.platforms)))
        }
        return (platforms.contains(.android) ? [.android] : [])
            + (platforms.contains(where: \.isAppleMobile) ? [.iOS] : [])
    }

    /// The platforms the KMP source sets of `edits` are compiled into; nil when one is in none.
    func orphanSourceSetPlatforms(_ edits: [CutoverEdit]) -> Set<Platform>? {
        var all = Set<Platform>()
        for edit in edits {
            guard let platforms = kotlinSourceSetPlatforms(ofPath: edit.path) else { return nil }
            all.formUnion(platforms)
        }
        return all
    }

    /// The follow-up checklist, in the order that keeps links working: one step per kind of
    /// product to rebuild or redeploy, naming each product and how many occurrences it carries;
    /// association steps only for the platforms whose app-link claims change; and a step for
    /// every occurrence that no product carries.
    public var followUps: [FollowUp] {
        let documents = associationDocuments
        var steps: [FollowUp] = []
        if let register = redirectURIStep { steps.append(register) }
        if let serve = serveDocumentsStep(documents) { steps.append(serve) }
        steps += deploymentSteps + rebuildSteps + checkSteps
        if let written = writtenOnlyStep { steps.append(written) }
        if !documents.isEmpty {
            steps.append(
                FollowUp(
                    title: "Keep \(from) serving the association files directly",
                    detail:
                        "No redirect: neither Android nor iOS follows one for these files. Keep "
                        + (documents.count > 1 ? "both files" : "the file") + " on \(from) until installs "
                        + "of the old binaries have aged out."))
        }
        return steps
    }

    /// The association documents the new host must serve: one per platform whose app-link claims change.
    var associationDocuments: [String] {
        let claimed = Set(edits.compactMap(\.claim))
        return (claimed.contains(.android) ? ["https://\(to)/.well-known/assetlinks.json"] : [])
            + (claimed.contains(.iOS) ? ["https://\(to)/.well-known/apple-app-site-association"] : [])
    }

    /// Registering the rewritten OAuth redirect URIs, before the switch; nil when none changed.
    var redirectURIStep: FollowUp? {
        guard !redirectURIs.isEmpty else { return nil }
        let changes = redirectURIs.map { "\($0.new) (was \($0.old), \($0.path):\($0.line))" }
        return FollowUp(
            title: "Register the new redirect URIs with each identity provider before the switch",
            detail:
                "Add " + Array(Set(changes)).sorted().joined(separator: "; ")
                + ". Keep the old ones registered until the old host stops serving sign-in.")
    }

    /// Serving `documents` on the new host before any new binary ships; nil when there are none.
    func serveDocumentsStep(_ documents: [String]) -> FollowUp? {
        guard !documents.isEmpty else { return nil }
        return FollowUp(
            title: "Serve the association files on \(to) first",
            detail:
                documents.joined(separator: " and ") + " must answer 200 with the right content before any new "
                + "binary ships (check with `relops verify --host \(to)`); the app-link claims: "
                + listed(Set(edits.filter { $0.claim != nil }.map(\.path)).sorted()) + ".")
    }

    /// Redeploying the servers and sites that carry a rewritten occurrence, and what serves the
    /// server configuration that no product shows.
    var deploymentSteps: [FollowUp] {
        var steps: [FollowUp] = []
        // A shared library in an app and a server is `binary-*`, and the server redeploys too.
        let shipping = edits.filter { $0.occurrenceClass.isBinary || $0.occurrenceClass == .server }
        if let redeploy = productStep(
            "Redeploy", shipping, kinds: [.server, .site], why: "a deployment, not a store release")
        {
            steps.append(redeploy)
        }
        let unowned = edits.filter { $0.occurrenceClass == .server && !$0.products.contains { $0.kind != .app } }
        if !unowned.isEmpty {
            steps.append(
                FollowUp(
                    title: "Redeploy the services whose configuration changed",
                    detail:
                        "No server or site that the build files show carries "
                        + listed(Set(unowned.map(\.path)).sorted())
                        + ": redeploy what serves them (a deployment, not a store release)."))
        }
        return steps
    }

    /// Rebuilding and resubmitting the apps, by product and (for files no app product carries) by
    /// platform; regenerating binary files; uploading store listings.
    var rebuildSteps: [FollowUp] {
        var steps: [FollowUp] = []
        let binary = edits.filter { $0.occurrenceClass.isBinary }
        if let rebuild = productStep(
            "Rebuild and resubmit", binary, kinds: [.app], why: "the store binary holds the host")
        {
            steps.append(rebuild)
        }
        // An edit no app carries (unless an example app, released by nobody, does): a KMP source
        // set says which apps compile it; else the repository's apps, named, as no product says which.
        let orphans = binary.filter { !$0.products.contains { $0.kind == .app || $0.kind == .example } }
        if !orphans.isEmpty {
            steps.append(orphanRebuildStep(orphans, allBinary: binary.count == orphans.count))
        }
        if !binaryFiles.isEmpty {
            steps.append(
                FollowUp(
                    title: "Regenerate the binary files that hold \(from)",
                    detail: listed(binaryFiles) + " cannot be rewritten in place."))
        }
        let listings = Set(edits.filter { $0.occurrenceClass == .storeListing }.map(\.path)).sorted()
        if !listings.isEmpty {
            steps.append(
                FollowUp(
                    title: "Update the store listings",
                    detail: listed(listings) + " ship with the listing: upload them (no new binary needed)."))
        }
        return steps
    }

    /// Running the tests and the build, and finding out where the files no rule or product
    /// places ship.
    var checkSteps: [FollowUp] {
        var steps: [FollowUp] = []
        let checks = edits.filter { $0.occurrenceClass == .test || $0.occurrenceClass == .build }
        if !checks.isEmpty {
            steps.append(
                FollowUp(
                    title: "Run the tests and the build",
                    detail:
                        "Nothing ships from them, but tests and build scripts now use \(to): "
                        + listed(Set(checks.map(\.path)).sorted()) + "."))
        }
        let unknown = Set(edits.filter { $0.occurrenceClass == .unknown }.map(\.path)).sorted()
        if !unknown.isEmpty {
            steps.append(
                FollowUp(
                    title: "Find out where the unknown files ship, and classify them",
                    detail:
                        "No build file relops read places " + listed(unknown)
                        + ": find where each reaches users before the switch (`relops scan` names the nearest build "
                        + "file of each), then say so with `classify:` in .relops.yml."))
        }
        // relops's own configuration is `other` by its own rule: the cutover rewrites it, nothing ships.
        let other = Set(edits.filter { $0.occurrenceClass == .other && $0.path != ProjectConfig.fileName }.map(\.path))
            .sorted()
        if !other.isEmpty {
            steps.append(
                FollowUp(
                    title: "Find out where these files ship",
                    detail:
                        "No product that the build files show carries " + listed(other)
                        + ": check how they reach users before the switch (`relops scan` gives each one's rule)."))
        }
        return steps
    }

    /// The step for what ships nothing but was rewritten (documentation, runbooks, comments,
    /// repository metadata), naming only what changed: runbooks are said to verify the new host
    /// only when runbooks changed. Nil when none of these changed.
    var writtenOnlyStep: FollowUp? {
        func paths(_ cls: OccurrenceClass) -> [String] {
            Set(edits.filter { $0.occurrenceClass == cls }.map(\.path)).sorted()
        }
        let docs = paths(.docs), comments = paths(.comment), metadata = paths(.repoMeta)
        let runbooks = docs.filter { $0.lowercased().contains("runbook") }
        let otherDocs = docs.filter { !$0.lowercased().contains("runbook") }
        var parts: [String] = []
        if !runbooks.isEmpty { parts.append("the runbooks \(listed(runbooks)) now verify \(to) instead of \(from)") }
        if !otherDocs.isEmpty { parts.append("the documentation \(listed(otherDocs)) now names \(to)") }
        if !comments.isEmpty { parts.append("code comments in \(listed(comments)) now name \(to)") }
        if !metadata.isEmpty { parts.append("repository metadata \(listed(metadata)) now names \(to)") }
        guard !parts.isEmpty else { return nil }
        let title =
            !docs.isEmpty
            ? "Documentation changed" : !comments.isEmpty ? "Code comments changed" : "Repository metadata changed"
        return FollowUp(title: title, detail: "Nothing ships from it: " + parts.joined(separator: "; ") + ".")
    }

    /// "Rebuild and resubmit: Android app `androidApp` (12 occurrences), iOS app `iosApp` (3)", with
    /// the files that hold the host; nil when no edit names a product of `kinds`.
    private func productStep(_ verb: String, _ edits: [CutoverEdit], kinds: Set<Product.Kind>, why: String)
        -> FollowUp?
    {
        var order: [Product] = []
        var counts: [Product: Int] = [:]
        for edit in edits {
            for product in edit.products where kinds.contains(product.kind) {
                if counts[product] == nil { order.append(product) }
                counts[product, default: 0] += 1
            }
        }
        guard !order.isEmpty else { return nil }
        let named = order.enumerated().map { n, product in
            let count = counts[product]!
            return "\(product.label) (\(count)\(n == 0 ? " occurrence\(count == 1 ? "" : "s")" : ""))"
        }
        let files = Set(edits.filter { $0.products.contains { kinds.contains($0.kind) } }.map(\.path)).sorted()
        return FollowUp(
            title: "\(verb): " + named.joined(separator: ", "),
            detail: why.prefix(1).uppercased() + why.dropFirst() + " in " + listed(files) + ".")
    }

    /// The step for binary edits no app product names: the apps a KMP source set is compiled into
    /// when every edit is in one, else the apps the repository's build files build (all of them: no
    /// build file says which ships these files), else an app relops does not know.
    private func orphanRebuildStep(_ orphans: [CutoverEdit], allBinary: Bool) -> FollowUp {
        let files = listed(Set(orphans.map(\.path)).sorted())
        let known =
            orphanSourceSetPlatforms(orphans).map { all in [Platform.android, .iOS].filter(all.contains) } ?? []
        if !known.isEmpty {
            return FollowUp(
                title:
                    "Rebuild and resubmit the \(known.map(\.rawValue).joined(separator: " and ")) app\(known.count > 1 ? "s" : "")",
                detail: "The store binary holds the host in " + files + " (Kotlin Multiplatform source sets"
                    + (allBinary ? ")." : "; in no app product that the build files show)."))
        }
        let apps = repositoryApps.map { "\($0.description) (\($0.file))" }
        guard !apps.isEmpty else {
            return FollowUp(
                title: "Find the app that ships these files, then rebuild and resubmit it",
                detail: "The store binary holds the host in " + files
                    + ", and no app that the build files show carries them: find which app ships them.")
        }
        return FollowUp(
            title: "Rebuild and resubmit the app\(apps.count > 1 ? "s" : "") that may ship these files",
            detail: "The store binary holds the host in " + files
                + ", which no app product that the build files show carries; the repository builds "
                + apps.joined(separator: ", ") + ": check which of them ships these files.")
    }
}

/// Files as a checklist names them: up to three inline; more one per line, the first ten and a count.
func listed(_ files: [String]) -> String {
    guard files.count > 3 else { return files.joined(separator: ", ") }
    let shown = files.prefix(10).map { "\n    " + $0 }.joined()
    return "\(files.count) files:" + shown + (files.count > 10 ? "\n    and \(files.count - 10) more" : "")
}
