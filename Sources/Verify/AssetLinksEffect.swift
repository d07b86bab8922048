import Association
import RelopsCore

/// What an assetlinks.json does, as Android reads it: includes resolved, statements expanded into
/// one grant per relation, target and fingerprint. Two documents that grant the same are the same
/// in effect, whatever their layout, order or include structure.
struct AssetLinksEffect: Equatable {
    /// One thing a site grants: `relation` to an app signed with `fingerprint`, or to a web site.
    struct Grant: Hashable, Comparable {
        let relation: String
        /// `com.example.app/AB:CD:...` for an app, the site's origin for a web target.
        let target: String

        static func < (a: Grant, b: Grant) -> Bool { (a.target, a.relation) < (b.target, b.relation) }

        /// `com.x/AB:CD...`, with the relation named when it is not `handle_all_urls`.
        var text: String {
            relation == AssetLinksDocument.handleAllURLs ? target : "\(target) (\(relation))"
        }
    }

    let grants: Set<Grant>

    /// The grants of statements already expanded (an `include` contributes the statements of the
    /// file it names, which the caller fetched and added).
    init(_ statements: [AssetLinksDocument.Statement]) {
        var grants: Set<Grant> = []
        for statement in statements {
            switch statement.target {
            case .androidApp(let package, let fingerprints):
                // Android compares the served text as it is: a lowercase fingerprint is another one.
                for relation in statement.relations {
                    for fingerprint in fingerprints {
                        grants.insert(Grant(relation: relation, target: package + "/" + fingerprint))
                    }
                }
            case .web(let site):
                for relation in statement.relations { grants.insert(Grant(relation: relation, target: site)) }
            case nil:
                continue
            }
        }
        self.grants = grants
    }

    /// The differences in effect, in words: what live grants that the repository does not, and
    /// the other way round. Empty when both grant the same.
    func differences(fromRendered rendered: AssetLinksEffect) -> [String] {
        let added = grants.subtracting(rendered.grants).sorted()
        let missing = rendered.grants.subtracting(grants).sorted()
        var out: [String] = []
        if !added.isEmpty { out.append("live grants \(Self.list(added)) that the repository does not") }
        if !missing.isEmpty { out.append("the repository grants \(Self.list(missing)) that live does not") }
        return out
    }

    /// `statements` with each `include` replaced by the statements of the file it names, from
    /// `files` (by URL, each once), and the URLs `files` does not hold.
    static func expand(
        _ statements: [AssetLinksDocument.Statement], with files: [String: [AssetLinksDocument.Statement]]
    ) -> (statements: [AssetLinksDocument.Statement], missing: [String]) {
        var out: [AssetLinksDocument.Statement] = []
        var missing: [String] = []
        var pending = statements
        var seen: Set<String> = []
        while !pending.isEmpty {
            let statement = pending.removeFirst()
            guard let url = statement.include else {
                out.append(statement)
                continue
            }
            guard seen.insert(url).inserted else { continue }
            if let included = files[url] { pending += included } else { missing.append(url) }
        }
        return (out, missing)
    }

    static func list(_ grants: [Grant]) -> String {
        grants.prefix(5).map(\.text).joined(separator: ", ") + (grants.count > 5 ? " and \(grants.count - 5) more" : "")
    }
}

extension Verifier {
    /// The `assetlinks.rendered` line for a live file whose own and included statements are
    /// `statements`; `includes` is nil when an included file could not be read (then what live
    /// grants is not known, and the comparison is skipped, saying so).
    static func renderedGrants(
        _ statements: [AssetLinksDocument.Statement], _ rootJSON: JSONValue,
        includes: [String: [AssetLinksDocument.Statement]]?, _ rendered: JSONValue, _ source: String, _ url: String
    ) -> [Check] {
        var list = CheckList(url: url)
        guard let includes else {
            list.skip(
                "assetlinks.rendered",
                "not compared with the document rendered from \(source): an included file could not be read, so "
                    + "what the live file grants is not known")
            return list.checks
        }
        compareGrants(
            live: statements, liveJSON: rootJSON, includes: includes, rendered: rendered, from: source, into: &list)
        return list.checks
    }

    /// Live against rendered by effect: the grants of the live file and everything it includes
    /// against the rendered document's. A difference in effect fails, in those words; a difference in
    /// form only (layout, key order, an include) passes, naming it.
    static func compareGrants(
        live: [AssetLinksDocument.Statement], liveJSON: JSONValue, includes: [String: [AssetLinksDocument.Statement]],
        rendered: JSONValue, from source: String, into list: inout CheckList
    ) {
        // The repository's document may include files too: those the live walk fetched stand for
        // them (the same URL serves the same file); one live does not include is a difference.
        let (renderedStatements, notIncludedLive) = AssetLinksEffect.expand(
            AssetLinksDocument(json: rendered).statements, with: includes)
        var differences = AssetLinksEffect(live).differences(fromRendered: AssetLinksEffect(renderedStatements))
        if !notIncludedLive.isEmpty {
            differences.append(
                "the repository includes \(notIncludedLive.joined(separator: ", ")), which live does not")
        }
        guard differences.isEmpty else {
            list.fail(
                "assetlinks.rendered",
                "differs in effect from the document rendered from \(source): " + differences.joined(separator: "; "))
            return
        }
        let form = liveJSON.differences(from: rendered, path: "$", limit: 2, names: ("live", "rendered"))
        // An include is form only when the repository's document does without one.
        let renderedIncludes = AssetLinksDocument(json: rendered).statements.contains { $0.include != nil }
        let includedLiveOnly = !includes.isEmpty && !renderedIncludes
        if form.isEmpty && !includedLiveOnly {
            list.pass("assetlinks.rendered", "the live document matches the one rendered from \(source)")
            return
        }
        let how =
            (includedLiveOnly ? ["its statements arrive through \(includes.count) included file(s)"] : []) + form
        list.pass(
            "assetlinks.rendered",
            "the live document grants exactly what the one rendered from \(source) does; it differs in form only: "
                + how.joined(separator: "; "))
    }
}
