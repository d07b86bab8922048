import Association
import RelopsCore

/// What the AASA must say for the app: its ids, the paths it must open, webcredentials.
struct AppleAssociationCheck {
    let appIDs: [String]
    let paths: [String]
    /// False for a host the app claims only for `webcredentials:`.
    var checkAppLinks = true
    let requireWebCredentials: Bool

    func evaluate(_ document: AppSiteAssociation, into list: inout CheckList) {
        guard !appIDs.isEmpty else {
            list.skip("aasa.appid", "no expected app id (give --app-id or app.ios.app_ids)")
            return
        }
        if checkAppLinks && !document.hasAppLinks {
            list.fail("aasa.applinks", "the document has no `applinks` section")
        }
        for id in appIDs where checkAppLinks {
            guard let detail = document.details.first(where: { $0.appIDs.contains(id) }) else {
                let found = document.details.flatMap(\.appIDs)
                list.fail(
                    "aasa.appid",
                    "applinks.details names no entry for \(id)"
                        + (found.isEmpty ? "" : "; it names " + found.joined(separator: ", ")))
                continue
            }
            list.pass("aasa.appid", "applinks.details[\(detail.index)] names \(id) in the \(detail.form)")
            if paths.isEmpty { list.skip("aasa.paths", "no expected paths (give --path or app.ios.paths)") }
            for path in paths {
                let (bare, query, fragment) = splitURLPath(path)
                switch detail.decide(path: bare, query: query, fragment: fragment) {
                case .handled(let i):
                    list.pass(
                        "aasa.paths", "\(path) opens \(id) (\(detail.components != nil ? "component" : "path") [\(i)])")
                case .excluded(let i):
                    list.fail(
                        "aasa.paths",
                        "\(path) is excluded for \(id) by \(detail.components != nil ? "component" : "path") [\(i)]")
                case .unmatched:
                    list.fail(
                        "aasa.paths",
                        "\(path) is matched by no \(detail.components != nil ? "component" : "path") for \(id)")
                }
            }
        }
        if let apps = document.webCredentialsApps {
            for id in appIDs {
                if apps.contains(id) {
                    list.pass("aasa.webcredentials", "webcredentials.apps lists \(id)")
                } else if requireWebCredentials {
                    list.fail("aasa.webcredentials", "webcredentials.apps does not list \(id)")
                } else {
                    list.warn("aasa.webcredentials", "webcredentials.apps does not list \(id)")
                }
            }
        } else if requireWebCredentials {
            list.fail(
                "aasa.webcredentials",
                "the entitlements claim webcredentials: for this host, but the document has no webcredentials.apps")
        }
    }
}

/// Splits an expected link (`/a/b?x=1#top`) into path, query and fragment. A `*` or `?` before the
/// first `?=`-style query stays part of the path, so `/sessions/*` is tested as written.
func splitURLPath(_ text: String) -> (String, String?, String?) {
    var rest = Substring(text)
    var fragment: String?
    if let hash = rest.firstIndex(of: "#") {
        fragment = String(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
    }
    // A query is recognised only when it looks like one (`?name=`), since `?` is also a wildcard.
    if let q = rest.firstIndex(of: "?"), rest[rest.index(after: q)...].contains("=") {
        return (String(rest[..<q]), String(rest[rest.index(after: q)...]), fragment)
    }
    return (String(rest), nil, fragment)
}
