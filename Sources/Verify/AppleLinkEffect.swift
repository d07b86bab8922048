import Association
import RelopsCore

/// What an apple-app-site-association does, as iOS reads it: which URLs open which app, which apps
/// may use the host's passwords. Compared over sample URLs that the patterns of both documents
/// imply (each `*` as nothing, a word and two segments, each `?` as one character, a case-folded
/// copy where a component ignores case, with and without the component's query and fragment),
/// plus the links the app must open, so the legacy `paths` form and the iOS 13+ `components` form
/// that open the same URLs are the same in effect.
struct AppleLinkEffect {
    /// One sample URL.
    struct Sample: Hashable {
        let path: String
        let query: String?
        let fragment: String?
        /// The pattern it was made from (or the expected link), to list differences by pattern.
        var from = ""

        static func == (a: Sample, b: Sample) -> Bool {
            a.path == b.path && a.query == b.query && a.fragment == b.fragment
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(query)
            hasher.combine(fragment)
        }

        var text: String { path + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "") }
    }

    /// At most this many sample URLs are tried: bounded work for any document.
    static let sampleCap = 4000

    /// The differences in effect, in words; empty when both open the same URLs in the same apps
    /// and name the same webcredentials apps and App Clips.
    static func differences(
        live: AppSiteAssociation, liveJSON: JSONValue, rendered: AppSiteAssociation, renderedJSON: JSONValue,
        links: [String]
    ) -> [String] {
        var out: [String] = []
        let samples = Self.samples(live, rendered, links: links)
        let apps = (live.details + rendered.details).flatMap(\.appIDs).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        for app in apps {
            var opensLive: [Sample] = []
            var opensRendered: [Sample] = []
            for sample in samples {
                let a = opens(live, app, sample)
                let b = opens(rendered, app, sample)
                if a && !b { opensLive.append(sample) }
                if b && !a { opensRendered.append(sample) }
            }
            if !opensLive.isEmpty { out.append("live opens \(list(opensLive)) in \(app) that the repository does not") }
            if !opensRendered.isEmpty {
                out.append("the repository opens \(list(opensRendered)) in \(app) that live does not")
            }
        }
        let liveApps = Set(live.webCredentialsApps ?? [])
        let renderedApps = Set(rendered.webCredentialsApps ?? [])
        let extra = liveApps.subtracting(renderedApps).sorted()
        let lacking = renderedApps.subtracting(liveApps).sorted()
        if !extra.isEmpty {
            out.append(
                "live lets \(extra.joined(separator: ", ")) use this host's passwords (webcredentials) that the repository does not"
            )
        }
        if !lacking.isEmpty {
            out.append(
                "the repository lets \(lacking.joined(separator: ", ")) use this host's passwords (webcredentials) that live does not"
            )
        }
        let clips = (liveJSON["appclips"] ?? .null).differences(
            from: renderedJSON["appclips"] ?? .null, path: "$.appclips", limit: 1, names: ("live", "rendered"))
        if !clips.isEmpty { out.append("the App Clips differ: " + clips[0]) }
        return out
    }

    /// True when iOS opens `sample` in `app`: the first entry naming the app that decides the URL.
    static func opens(_ document: AppSiteAssociation, _ app: String, _ sample: Sample) -> Bool {
        for detail in document.details where detail.appIDs.contains(app) {
            switch detail.decide(path: sample.path, query: sample.query, fragment: sample.fragment) {
            case .handled: return true
            case .excluded: return false
            case .unmatched: continue
            }
        }
        return false
    }

    /// The samples by the pattern that made them: `/talks/` (from /talks/*), at most four patterns.
    static func list(_ samples: [Sample]) -> String {
        var groups: [(from: String, first: Sample)] = []
        for sample in samples where !groups.contains(where: { $0.from == sample.from }) {
            groups.append((sample.from, sample))
        }
        let shown = groups.prefix(4).map { group in
            group.from == group.first.text || group.from.isEmpty
                ? group.first.text : "\(group.first.text) (from \(group.from))"
        }
        return shown.joined(separator: ", ") + (groups.count > 4 ? " and \(groups.count - 4) more" : "")
    }

    /// The sample URLs both documents' patterns imply, and the expected links.
    static func samples(_ a: AppSiteAssociation, _ b: AppSiteAssociation, links: [String]) -> [Sample] {
        var out: [Sample] = []
        var seen: Set<Sample> = []
        func add(_ sample: Sample) {
            if out.count < sampleCap, seen.insert(sample).inserted { out.append(sample) }
        }
        for link in links {
            let (path, query, fragment) = splitURLPath(link)
            add(Sample(path: path, query: query, fragment: fragment, from: link))
        }
        add(Sample(path: "/", query: nil, fragment: nil))
        add(Sample(path: "/relops-unclaimed", query: nil, fragment: nil))
        for detail in a.details + b.details {
            for pattern in detail.paths ?? [] {
                let bare = pattern.hasPrefix("NOT ") ? String(pattern.dropFirst(4)) : pattern
                for path in expansions(bare) { add(Sample(path: path, query: nil, fragment: nil, from: bare)) }
            }
            for component in detail.components ?? [] {
                let from = component.path ?? "*"
                let paths = component.path.map(expansions) ?? ["/", "/relops-sample"]
                let cased = component.caseSensitive ? paths : paths + paths.map { $0.uppercased() }
                let queries = queryExpansions(component.query)
                let fragments = component.fragment.map(expansions) ?? []
                for path in cased {
                    add(Sample(path: path, query: nil, fragment: nil, from: from))
                    for query in queries { add(Sample(path: path, query: query, fragment: nil, from: from)) }
                    for fragment in fragments {
                        add(Sample(path: path, query: queries.first, fragment: fragment, from: from))
                    }
                }
            }
        }
        return out
    }

    /// Texts a pattern matches, and texts just beside it: each `*` as nothing, `relops`, and
    /// `relops/x`; each `?` as `r`; the pattern taken literally; its fixed prefix with a word added.
    static func expansions(_ pattern: String) -> [String] {
        var out: [String] = []
        for star in ["", "relops", "relops/x"] {
            let text = pattern.replacingOccurrences(of: "*", with: star).replacingOccurrences(of: "?", with: "r")
            if !out.contains(text) { out.append(text) }
        }
        let prefix = String(pattern.prefix { $0 != "*" && $0 != "?" })
        for text in [pattern, prefix + "-relops", prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix + "/"]
        where !out.contains(text) {
            out.append(text)
        }
        return out
    }

    static func queryExpansions(_ query: URLComponentPattern.Query?) -> [String] {
        switch query {
        case nil: return []
        case .whole(let pattern): return expansions(pattern)
        case .items(let items):
            let names = items.keys.sorted()
            let matching = names.map { "\($0)=\(expansions(items[$0] ?? "").first ?? "")" }.joined(separator: "&")
            let filled = names.map { "\($0)=\(expansions(items[$0] ?? "").dropFirst().first ?? "x")" }
                .joined(separator: "&")
            return [matching, filled]
        }
    }
}

extension Verifier {
    /// Live against rendered by effect: which URLs open which app, webcredentials and App Clips. A
    /// difference in effect fails, in those words; one in form only (the legacy `paths` form against
    /// `components`, layout, comments) passes, naming it.
    static func compareLinks(
        live: AppSiteAssociation, liveJSON: JSONValue, rendered renderedJSON: JSONValue, from source: String,
        links: [String], into list: inout CheckList
    ) {
        let rendered = AppSiteAssociation(json: renderedJSON)
        let differences = AppleLinkEffect.differences(
            live: live, liveJSON: liveJSON, rendered: rendered, renderedJSON: renderedJSON, links: links)
        guard differences.isEmpty else {
            list.fail(
                "aasa.rendered",
                "differs in effect from the document rendered from \(source): " + differences.joined(separator: "; "))
            return
        }
        let form = liveJSON.differences(from: renderedJSON, path: "$", limit: 2, names: ("live", "rendered"))
        guard !form.isEmpty else {
            list.pass("aasa.rendered", "the live document matches the one rendered from \(source)")
            return
        }
        let forms = Set(live.details.map(\.form) + rendered.details.map(\.form))
        let how = forms.count > 1 ? ["live and rendered are written in different forms"] + form : form
        list.pass(
            "aasa.rendered",
            "the live document opens the same URLs in the same apps as the one rendered from \(source); it "
                + "differs in form only: " + how.joined(separator: "; "))
    }
}
