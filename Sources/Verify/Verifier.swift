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

    /// What runs against one host.
    struct HostPlan {
        let host: String
        var android: Bool
        var appLinks: Bool
        var webCredentials: Bool
    }

    static func plans(_ options: VerifyOptions) -> [HostPlan] {
        var plans = [HostPlan(host: options.host, android: true, appLinks: true, webCredentials: false)]
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
        let expectation = options.expectation
        var fetcher = Fetcher(options: options)
        let plans = plans(options)

        // First round: every host's files, Apple's CDN copies and Google's API, all at once.
        var slots: [(assetLinks: Int?, aasa: Int?, cdn: Int?, dalChecks: [(String, Int)], dalList: Int?)] = []
        for plan in plans {
            let base = "https://\(plan.host)/.well-known/"
            let site = "https://\(plan.host)"
            let assetLinks =
                plan.android ? fetcher.add(base + "assetlinks.json", cap: androidBodyCap, file: .assetLinks) : nil
            let needsAASA = plan.appLinks || plan.webCredentials
            let aasa =
                needsAASA
                ? fetcher.add(base + "apple-app-site-association", cap: appleBodyCap, file: .appSiteAssociation) : nil
            var cdn: Int?, checks: [(String, Int)] = [], list: Int?
            if !options.offline {
                if needsAASA {
                    cdn = fetcher.add(
                        ThirdParty.cdnURL(endpoint: options.appleCDNEndpoint, host: plan.host), cap: appleBodyCap)
                }
                if plan.android, let package = expectation.androidPackage {
                    for fp in expectation.fingerprints {
                        checks.append(
                            (
                                fp,
                                fetcher.add(
                                    ThirdParty.dalCheckURL(
                                        endpoint: options.dalEndpoint, site: site,
                                        package: package, fingerprint: fp),
                                    cap: androidBodyCap)
                            ))
                    }
                    list = fetcher.add(
                        ThirdParty.dalListURL(endpoint: options.dalEndpoint, site: site), cap: androidBodyCap)
                }
            }
            slots.append((assetLinks, aasa, cdn, checks, list))
        }
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
        for (plan, slot) in zip(plans, slots) {
            if let i = slot.assetLinks {
                let rendered = plan.host == options.host && !options.local ? options.expectedDocuments : nil
                let checks = assetLinks(i, expectation, rendered: rendered, &fetcher)
                androidOutcome.append((plan.host, !checks.contains { $0.verdict == .fail }))
                report.checks += checks
            }
            var originAASA: JSONValue?
            if let i = slot.aasa {
                var list = CheckList(url: fetcher.requests[i].url)
                if let body = fetcher.body(i, "aasa", strictType: false, into: &list),
                    let json = parseJSON(body, "aasa", into: &list)
                {
                    originAASA = json
                    let document = AppSiteAssociation(json: json)
                    for e in document.errors { list.fail("aasa.format", e) }
                    for w in document.warnings { list.warn("aasa.format", w) }
                    // A document that is not even an object has nothing more to evaluate.
                    if json.objectPairs != nil {
                        AppleAssociationCheck(
                            appIDs: expectation.iosAppIDs, paths: expectation.iosPaths,
                            checkAppLinks: plan.appLinks, requireWebCredentials: plan.webCredentials
                        )
                        .evaluate(document, into: &list)
                    }
                    if let expected = options.expectedDocuments, let rendered = expected.appSiteAssociation,
                        plan.host == options.host, !options.local
                    {
                        compare(live: json, rendered: rendered, from: expected.source, "aasa.rendered", into: &list)
                    }
                }
                report.checks += list.checks
            }
            if let i = slot.cdn {
                var list = CheckList(url: fetcher.requests[i].url)
                if case .success(let r) = fetcher.results[i], r.status == 404 {
                    list.fail(
                        "apple-cdn", "Apple's CDN has no copy of \(HostSpec.name(of: plan.host))'s file (HTTP 404)")
                } else if let body = responseBody(
                    fetcher.results[i], "apple-cdn", strictType: false, quiet: true, into: &list),
                    let cdnJSON = parseJSON(body, "apple-cdn", into: &list)
                {
                    if let originAASA {
                        let diffs = cdnJSON.differences(
                            from: originAASA, path: "$", limit: 3, names: ("Apple's CDN", "the origin"))
                        if diffs.isEmpty {
                            list.pass("apple-cdn", "Apple's CDN copy matches the origin's file")
                        } else {
                            list.fail(
                                "apple-cdn",
                                "CDN stale: its copy differs from the origin's: " + diffs.joined(separator: "; "))
                        }
                    } else {
                        list.skip("apple-cdn", "fetched, but the origin's file could not be read to compare with")
                    }
                }
                report.checks += list.checks
            }
            if options.offline && plan.host == options.host {
                let flag = options.local ? "--local" : "--offline"
                report.checks.append(
                    Check("dal", .skip, url: nil, "\(flag): Google's Digital Asset Links API not asked"))
                report.checks.append(Check("apple-cdn", .skip, url: nil, "\(flag): Apple's CDN not asked"))
            } else if !options.offline && plan.android && plan.host == options.host && expectation.androidPackage == nil
            {
                report.checks.append(Check("dal", .skip, url: nil, "no expected package name: Google's API not asked"))
            }
            if let package = expectation.androidPackage {
                for (fp, i) in slot.dalChecks {
                    var list = CheckList(url: fetcher.requests[i].url)
                    if let json = apiJSON(fetcher.results[i], "dal.check", into: &list) {
                        ThirdParty.evaluateCheck(json, package: package, fingerprint: fp, into: &list)
                    }
                    report.checks += list.checks
                }
                if let i = slot.dalList {
                    var list = CheckList(url: fetcher.requests[i].url)
                    if let json = apiJSON(fetcher.results[i], "dal.list", into: &list) {
                        ThirdParty.evaluateList(
                            json, package: package, fingerprints: expectation.fingerprints, into: &list)
                    }
                    report.checks += list.checks
                }
            }
        }
        if let claims = options.claims {
            report.checks += claims.checks(webHost: options.configuredWebHost ?? HostSpec.name(of: options.host))
            let claimedAndroid = Set(claims.claims.filter { $0.kind == .android }.map { $0.host.lowercased() })
            if claimedAndroid.count > 1 {
                let failing = androidOutcome.filter {
                    !$0.ok && claimedAndroid.contains(HostSpec.name(of: $0.host).lowercased())
                }
                if failing.isEmpty {
                    report.checks.append(
                        Check(
                            "claims.android-all-hosts", .pass, url: nil,
                            "all \(claimedAndroid.count) hosts the Android app claims verify"))
                } else {
                    report.checks.append(
                        Check(
                            "claims.android-all-hosts", .fail, url: nil,
                            "on Android 11 and lower the app is the verified handler only if every claimed host verifies; failing: "
                                + failing.map(\.host).joined(separator: ", ")))
                }
            }
        }
        return report
    }

    /// The host's assetlinks.json and every file it includes, fetched level by level.
    static func assetLinks(
        _ index: Int, _ expectation: VerifyExpectation, rendered: ExpectedDocuments?,
        _ fetcher: inout Fetcher
    ) -> [Check] {
        let rootURL = fetcher.requests[index].url
        var list = CheckList(url: rootURL)
        var statements: [AssetLinksDocument.Statement] = []
        var out: [Check] = []
        // Each pending file: its request slot and the chain of URLs that led to it.
        var level: [(slot: Int, chain: [String])] = [(index, [rootURL])]
        var fetched: Set<String> = [rootURL]
        var first = true
        var rootRead = false
        while !level.isEmpty {
            var next: [(url: String, chain: [String])] = []
            for (slot, chain) in level {
                let url = fetcher.requests[slot].url
                var fileList = CheckList(url: url)
                let prefix = first ? "assetlinks" : "assetlinks.include"
                if let body = fetcher.body(slot, prefix, strictType: true, into: &fileList),
                    let json = parseJSON(body, prefix, into: &fileList)
                {
                    if first { rootRead = true }
                    let document = AssetLinksDocument(json: json)
                    for e in document.errors { fileList.fail("\(prefix).format", e) }
                    for w in document.warnings { fileList.warn("\(prefix).format", w) }
                    if document.errors.isEmpty {
                        fileList.pass("\(prefix).format", "\(document.statements.count) well-formed statement(s)")
                    }
                    if first, let rendered, let document = rendered.assetLinks {
                        compare(
                            live: json, rendered: document, from: rendered.source, "assetlinks.rendered",
                            into: &fileList)
                    }
                    for s in document.statements {
                        guard let include = s.include else {
                            statements.append(s)
                            continue
                        }
                        if !include.lowercased().hasPrefix("https://") {
                            fileList.fail(
                                "assetlinks.include",
                                "statement [\(s.index)] includes \(include): only https is followed")
                        } else if chain.contains(include) {
                            fileList.fail(
                                "assetlinks.include", "include loop: " + (chain + [include]).joined(separator: " -> "))
                        } else if chain.count > maxIncludeDepth {
                            fileList.fail(
                                "assetlinks.include",
                                "includes nest deeper than \(maxIncludeDepth) levels at \(include)")
                        } else if fetched.insert(include).inserted {
                            next.append((include, chain + [include]))
                        }
                    }
                }
                out += fileList.checks
                first = false
            }
            level = next.map { (fetcher.add($0.url, cap: androidBodyCap), $0.chain) }
            if !level.isEmpty { fetcher.run() }
        }
        // When the host's own file could not be read, its failure says it all.
        if rootRead {
            AndroidGrantCheck(package: expectation.androidPackage, fingerprints: expectation.fingerprints)
                .evaluate(statements, into: &list)
        }
        return out + list.checks
    }

    /// Status, redirect and content type of a fetched file; its body when there is one to read.
    static func responseBody(
        _ result: Result<HTTPResponse, CurlError>?, _ name: String, strictType: Bool, quiet: Bool = false,
        into list: inout CheckList
    ) -> [UInt8]? {
        switch result {
        case .none:
            list.fail("\(name).fetch", "not fetched")
            return nil
        case .failure(let error):
            list.checks.append(
                Check(
                    "\(name).fetch", .fail, url: list.url, describe(error),
                    unreachable: [.couldNotResolve, .couldNotConnect, .timedOut].contains(error.kind)))
            return nil
        case .success(let r):
            if (300..<400).contains(r.status) {
                list.fail(
                    "\(name).status",
                    "HTTP \(r.status) redirect to \(r.location ?? "(no Location)"): "
                        + "redirects are not followed, and neither Android nor iOS follows them")
                return nil
            }
            guard r.status == 200 else {
                list.fail("\(name).status", "HTTP \(r.status), expected 200")
                return nil
            }
            if !quiet { list.pass("\(name).status", "HTTP 200 over HTTP/\(r.httpVersion), \(r.body.count) bytes") }
            if r.mediaType == "application/json" {
                if !quiet { list.pass("\(name).content-type", "Content-Type: \(r.contentType ?? "")") }
            } else {
                let reason =
                    "Content-Type is \(r.contentType.map { "\"\($0)\"" } ?? "missing"), expected application/json"
                if strictType {
                    list.fail("\(name).content-type", reason)
                } else if !quiet {
                    list.warn("\(name).content-type", reason)
                }
            }
            return r.body
        }
    }

    static func parseJSON(_ body: [UInt8], _ name: String, into list: inout CheckList) -> JSONValue? {
        do {
            let (value, mark) = try AssociationJSON.parse(body, document: list.url ?? name)
            if mark {
                list.warn("\(name).json", "the body starts with a UTF-8 byte order mark; some clients refuse it")
            }
            return value
        } catch {
            let html =
                body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "<") ? " (an HTML page?)" : ""
            list.fail("\(name).json", "not valid JSON: \(error.line):\(error.column): \(error.message)\(html)")
            return nil
        }
    }

    /// A Google API answer as JSON, or a failure naming what went wrong.
    static func apiJSON(_ result: Result<HTTPResponse, CurlError>?, _ name: String, into list: inout CheckList)
        -> JSONValue?
    {
        guard case .success(let r) = result else {
            return responseBody(result, name, strictType: false, into: &list).flatMap { _ in nil }
        }
        guard r.status == 200 else {
            list.fail(name, "HTTP \(r.status): \(ThirdParty.apiError(r.body))")
            return nil
        }
        return parseJSON(r.body, name, into: &list)
    }

    /// Live against rendered, as JSON values (key order and `1` vs `1.0` do not matter). A
    /// difference fails and shows where they differ and both documents.
    static func compare(
        live: JSONValue, rendered: JSONValue, from source: String, _ name: String, into list: inout CheckList
    ) {
        let diffs = live.differences(from: rendered, path: "$", limit: 3, names: ("live", "rendered"))
        if diffs.isEmpty {
            list.pass(name, "the live document matches the one rendered from \(source)")
        } else {
            list.fail(
                name,
                "the live document differs from the one rendered from \(source) (live vs rendered): "
                    + diffs.joined(separator: "; ")
                    + " | live: \(live.rendered(pretty: false).prefixed(2000))"
                    + " | rendered: \(rendered.rendered(pretty: false).prefixed(2000))"
            )
        }
    }

    static func describe(_ error: CurlError) -> String {
        switch error.kind {
        case .timedOut: return "timed out: \(error.message)"
        case .tls: return "TLS verification failed: \(error.message)"
        case .tooLarge: return "body over the cap: \(error.message)"
        case .couldNotConnect: return "could not connect: \(error.message)"
        case .couldNotResolve: return "could not resolve the host: \(error.message)"
        default: return error.message
        }
    }
}
