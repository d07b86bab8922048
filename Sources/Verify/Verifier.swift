import Association
import Curl
import RelopsCore

/// Runs every verification: both association files of each host, the files they include, Google's
/// Digital Asset Links API, Apple's CDN, and the repository's claims. Never prints.
public enum Verifier {
    /// The largest apple-app-site-association Apple accepts.
    public static let appleBodyCap = 128 * 1024
    /// relops' cap for an assetlinks.json (Google documents none; real files are a few KB).
    public static let androidBodyCap = 512 * 1024
    /// How deep `include` statements may nest below the host's own file.
    public static let maxIncludeDepth = 5
    /// How many files `include` statements may name in all, below the host's own file.
    public static let maxIncludedFiles = 20

    /// What runs against one host.
    struct HostPlan {
        let host: String
        var android: Bool
        var appLinks: Bool
        var webCredentials: Bool
    }

    static func plans(_ options: VerifyOptions) -> [HostPlan] {
        var plans = [
            HostPlan(
                host: options.host.description, android: options.platforms.contains(.android),
                appLinks: options.platforms.contains(.iOS), webCredentials: false)
        ]
        // With --local every host would be served the same documents: the claims are held against
        // them once (`localClaims`) instead, and a `webcredentials:` claim of the host itself asks
        // its document for webcredentials.
        if options.local {
            let host = options.host.name
            plans[0].webCredentials =
                options.platforms.contains(.iOS)
                && options.claims?.claims.contains { $0.kind == .webCredentials && $0.host.lowercased() == host }
                    == true
            return plans
        }
        for claim in options.claims?.claims ?? [] {
            let name = claim.host
            let index: Int
            if let i = plans.firstIndex(where: { HostSpec.name(of: $0.host).lowercased() == name.lowercased() }) {
                index = i
            } else {
                plans.append(HostPlan(host: name, android: false, appLinks: false, webCredentials: false))
                index = plans.count - 1
            }
            switch claim.kind {
            case .android: plans[index].android = true
            case .appLinks: plans[index].appLinks = true
            case .webCredentials: plans[index].webCredentials = true
            }
        }
        return plans
    }

    /// Runs the checks. Throws only for bad inputs; an unreachable host is a check in the report.
    public static func run(_ options: VerifyOptions) throws(Failure) -> VerifyReport {
        let options = try options.normalized()
        if let missing = VerifyDemands.missingInput(options) { throw missing }
        if !options.local { try Fetcher.requireLibcurl() }
        var fetcher = Fetcher(options: options)
        // First round: every host's files, Apple's CDN copies and Google's API, all at once.
        let hosts = plans(options).map { HostRequests(plan: $0, options: options, fetcher: &fetcher) }
        fetcher.run()

        var report = VerifyReport()
        if options.local { report.checks.append(localNotice(options)) }
        for problem in options.expectedDocuments?.problems ?? [] {
            report.checks.append(
                Check(
                    "rendered", .fail, url: nil,
                    "rendered from \(options.expectedDocuments?.source ?? "the configuration"): \(problem)"))
        }
        var androidOutcome: [(host: String, ok: Bool)] = []
        var served = ServedGrants()
        for host in hosts {
            let isMain = host.plan.host == options.host.description
            if let i = host.assetLinks {
                let rendered = isMain && !options.local ? options.expectedDocuments : nil
                var statements: [AssetLinksDocument.Statement]?
                let checks = assetLinks(i, options.expectation, rendered: rendered, &fetcher, statements: &statements)
                androidOutcome.append((host.plan.host, !checks.contains { $0.verdict == .fail }))
                report.checks += checks
                if isMain { (served.assetLinks, served.assetLinksURL) = (statements, fetcher.requests[i].url) }
            }
            let (appleChecks, origin) = apple(host, options, fetcher)
            report.checks += appleChecks
            if isMain, let origin, let i = host.appSiteAssociation {
                served.appSiteAssociation = AppSiteAssociation(json: origin)
                served.appSiteAssociationURL = fetcher.requests[i].url
            }
            report.checks += appleCDN(host, origin: origin, fetcher)
            if isMain { report.checks += thirdPartiesNotAsked(host, options) }
            report.checks += digitalAssetLinks(host, options.expectation, fetcher)
        }
        if options.local {
            report.checks += localClaims(options)
        } else if let claims = options.claims {
            report.checks += claims.checks(
                webHost: options.configuredWebHost?.host.written ?? options.host.name, platforms: options.platforms)
            report.checks += androidAllHosts(claims, androidOutcome)
        }
        if let oauth = options.oauth { report.checks += oauth.checks() }
        let artifactChecks = ArtifactChecks(options, served: served).checks(options.artifacts)
        report.checks += artifactChecks
        report.unchecked =
            VerifyDemands.unmet(options, report)
            + artifactChecks.filter { $0.verdict == .skip }.map {
                "could not check --artifact \($0.name): \($0.reason)"
            }
        report.allowUnchecked = options.allowUnchecked
        return report
    }

    /// The requests made for one host, by what each fetches: indexes into the `Fetcher`.
    struct HostRequests {
        let plan: HostPlan
        var assetLinks: Int?
        var appSiteAssociation: Int?
        var appleCDN: Int?
        /// One `assetlinks:check` per expected fingerprint.
        var dalChecks: [(fingerprint: String, request: Int)] = []
        var dalList: Int?

        /// Queues every request `plan` needs.
        init(plan: HostPlan, options: VerifyOptions, fetcher: inout Fetcher) {
            self.plan = plan
            let base = "https://\(plan.host)/.well-known/"
            let site = "https://\(plan.host)"
            if plan.android {
                assetLinks = fetcher.add(base + "assetlinks.json", cap: androidBodyCap, file: .assetLinks)
            }
            let needsAASA = plan.appLinks || plan.webCredentials
            if needsAASA {
                appSiteAssociation = fetcher.add(
                    base + "apple-app-site-association", cap: appleBodyCap, file: .appSiteAssociation)
            }
            guard !options.offline else { return }
            if needsAASA {
                appleCDN = fetcher.add(
                    ThirdParty.cdnURL(endpoint: options.appleCDNEndpoint, host: plan.host), cap: appleBodyCap)
            }
            guard plan.android, let package = options.expectation.androidPackage else { return }
            for fingerprint in options.expectation.fingerprints {
                let url = ThirdParty.dalCheckURL(
                    endpoint: options.dalEndpoint, site: site, package: package, fingerprint: fingerprint)
                dalChecks.append((fingerprint, fetcher.add(url, cap: androidBodyCap)))
            }
            dalList = fetcher.add(
                ThirdParty.dalListURL(endpoint: options.dalEndpoint, site: site), cap: androidBodyCap)
        }
    }

    /// The host's apple-app-site-association against the expectation (and the rendered document
    /// for the main host), and the parsed origin file for the CDN comparison.
    static func apple(_ host: HostRequests, _ options: VerifyOptions, _ fetcher: Fetcher) -> ([Check], JSONValue?) {
        guard let i = host.appSiteAssociation else { return ([], nil) }
        var list = CheckList(url: fetcher.requests[i].url)
        guard let body = fetcher.body(i, "aasa", strictType: false, into: &list),
            let json = parseJSON(body, "aasa", into: &list)
        else { return (list.checks, nil) }
        let document = AppSiteAssociation(json: json)
        for e in document.errors { list.fail("aasa.format", e) }
        for w in document.warnings { list.warn("aasa.format", w) }
        // A document that is not even an object has nothing more to evaluate.
        if json.objectPairs != nil {
            AppleAssociationCheck(
                appIDs: options.expectation.iosAppIDs, paths: options.expectation.iosPaths,
                checkAppLinks: host.plan.appLinks, requireWebCredentials: host.plan.webCredentials
            )
            .evaluate(document, into: &list)
        }
        if let expected = options.expectedDocuments, let rendered = expected.appSiteAssociation,
            host.plan.host == options.host.description, !options.local
        {
            compareLinks(
                live: document, liveJSON: json, rendered: rendered, from: expected.source,
                links: options.expectation.iosPaths, into: &list)
        }
        return (list.checks, json)
    }

    /// Apple's CDN copy against the origin's file.
    static func appleCDN(_ host: HostRequests, origin: JSONValue?, _ fetcher: Fetcher) -> [Check] {
        guard let i = host.appleCDN else { return [] }
        var list = CheckList(url: fetcher.requests[i].url)
        if case .success(let r) = fetcher.results[i], r.status == 404 {
            list.fail("apple-cdn", "Apple's CDN has no copy of \(HostSpec.name(of: host.plan.host))'s file (HTTP 404)")
            return list.checks
        }
        guard let body = responseBody(fetcher.results[i], "apple-cdn", strictType: false, quiet: true, into: &list),
            let cdnJSON = parseJSON(body, "apple-cdn", into: &list)
        else { return list.checks }
        guard let origin else {
            list.skip("apple-cdn", "fetched, but the origin's file could not be read to compare with")
            return list.checks
        }
        let diffs = cdnJSON.differences(from: origin, path: "$", limit: 3, names: ("Apple's CDN", "the origin"))
        if diffs.isEmpty {
            list.pass("apple-cdn", "Apple's CDN copy matches the origin's file")
        } else {
            list.fail("apple-cdn", "CDN stale: its copy differs from the origin's: " + diffs.joined(separator: "; "))
        }
        return list.checks
    }

    /// Why Google's API and Apple's CDN were not asked for the main host, when they were not.
    static func thirdPartiesNotAsked(_ host: HostRequests, _ options: VerifyOptions) -> [Check] {
        if options.offline {
            let flag = options.local ? "--local" : "--offline"
            // Only the platforms checked: an Android-only app has nothing to ask Apple's CDN.
            return
                (host.plan.android
                ? [Check("dal", .skip, url: nil, "\(flag): Google's Digital Asset Links API not asked")] : [])
                + (host.appSiteAssociation != nil
                    ? [Check("apple-cdn", .skip, url: nil, "\(flag): Apple's CDN not asked")] : [])
        }
        if host.plan.android && options.expectation.androidPackage == nil {
            return [Check("dal", .skip, url: nil, "no expected package name: Google's API not asked")]
        }
        return []
    }

    /// Google's Digital Asset Links API: one check per fingerprint, then the statement list.
    static func digitalAssetLinks(_ host: HostRequests, _ expectation: VerifyExpectation, _ fetcher: Fetcher)
        -> [Check]
    {
        guard let package = expectation.androidPackage else { return [] }
        var out: [Check] = []
        for (fingerprint, i) in host.dalChecks {
            var list = CheckList(url: fetcher.requests[i].url)
            if let json = apiJSON(fetcher.results[i], "dal.check", into: &list) {
                ThirdParty.evaluateCheck(json, package: package, fingerprint: fingerprint, into: &list)
            }
            out += list.checks
        }
        if let i = host.dalList {
            var list = CheckList(url: fetcher.requests[i].url)
            if let json = apiJSON(fetcher.results[i], "dal.list", into: &list) {
                ThirdParty.evaluateList(json, package: package, fingerprints: expectation.fingerprints, into: &list)
            }
            out += list.checks
        }
        return out
    }

    /// On Android 11 and lower, an app is the verified handler only if every host it claims verifies.
    static func androidAllHosts(_ claims: RepositoryClaims, _ outcome: [(host: String, ok: Bool)]) -> [Check] {
        let claimed = Set(claims.claims.filter { $0.kind == .android }.map { $0.host.lowercased() })
        guard claimed.count > 1 else { return [] }
        let failing = outcome.filter { !$0.ok && claimed.contains(HostSpec.name(of: $0.host).lowercased()) }
        if failing.isEmpty {
            return [
                Check(
                    "claims.android-all-hosts", .pass, url: nil,
                    "all \(claimed.count) hosts the Android app claims verify")
            ]
        }
        return [
            Check(
                "claims.android-all-hosts", .fail, url: nil,
                "on Android 11 and lower the app is the verified handler only if every claimed host verifies; failing: "
                    + failing.map(\.host).joined(separator: ", "))
        ]
    }

    /// The host's assetlinks.json and every file it includes, fetched level by level.
    static func assetLinks(
        _ index: Int, _ expectation: VerifyExpectation, rendered: ExpectedDocuments?,
        _ fetcher: inout Fetcher, statements served: inout [AssetLinksDocument.Statement]?
    ) -> [Check] {
        let rootURL = fetcher.requests[index].url
        var list = CheckList(url: rootURL)
        var statements: [AssetLinksDocument.Statement] = []
        var out: [Check] = []
        // Each pending file: its request slot and the chain of URLs that led to it.
        var level: [(slot: Int, chain: [String])] = [(index, [rootURL])]
        var walk = IncludeWalk(root: rootURL)
        var first = true
        var rootRead = false
        var rootJSON: JSONValue?
        var includesRead = 0
        var includedByURL: [String: [AssetLinksDocument.Statement]] = [:]
        var includeFailed = false
        while !level.isEmpty {
            for (slot, chain) in level {
                let url = fetcher.requests[slot].url
                var fileList = CheckList(url: url)
                let prefix = first ? "assetlinks" : "assetlinks.include"
                if let body = fetcher.body(slot, prefix, strictType: true, into: &fileList),
                    let json = parseJSON(body, prefix, into: &fileList)
                {
                    let document = AssetLinksDocument(json: json)
                    if first {
                        rootRead = true
                        rootJSON = json
                    } else {
                        includesRead += 1
                        includedByURL[url] = document.statements
                    }
                    for e in document.errors { fileList.fail("\(prefix).format", e) }
                    for w in document.warnings { fileList.warn("\(prefix).format", w) }
                    if document.errors.isEmpty {
                        fileList.pass("\(prefix).format", "\(document.statements.count) well-formed statement(s)")
                    }
                    for s in document.statements {
                        if let include = s.include {
                            walk.follow(include, statement: s.index, chain: chain, into: &fileList)
                        } else {
                            statements.append(s)
                        }
                    }
                }
                if !first && fileList.failed { includeFailed = true }
                out += fileList.checks
                first = false
            }
            level = walk.takeNext().map { (fetcher.add($0.url, cap: androidBodyCap), $0.chain) }
            if !level.isEmpty { fetcher.run() }
        }
        // When the host's own file could not be read, its failure says it all.
        if rootRead {
            served = statements
            let unread = out.first { $0.name == "assetlinks.include.fetch" && $0.verdict == .skip }
            AndroidGrantCheck(
                package: expectation.androidPackage, fingerprints: expectation.fingerprints,
                unread: unread.map { "an included file was not read (\($0.url ?? "?"))" }
            )
            .evaluate(statements, into: &list)
        }
        if let rootJSON, let rendered, let document = rendered.assetLinks {
            let complete = !includeFailed && !out.contains { $0.name == "assetlinks.include" && $0.verdict == .fail }
            out += renderedGrants(
                statements, rootJSON, includes: complete ? includedByURL : nil, document, rendered.source, rootURL)
        }
        return out + list.checks
    }
}
