import Association
import Fingerprint
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// The shared nginx; a test fails (not skips) when it cannot start.
func server() throws -> TestNginx {
    try TestNginx.shared.get()
}

/// Options aimed at fixture host `name`, expecting the good package, fingerprint, app id and paths;
/// offline unless asked, 2-second timeouts.
func options(
    _ name: String, offline: Bool = true, dal: String = "linked", cdn: String = "fresh",
    paths: [String] = ["/sessions/42", "/speakers/7"]
) throws -> VerifyOptions {
    let nginx = try server()
    var o = VerifyOptions(host: try WebHost(nginx.host(name)))
    o.resolve = nginx.resolve
    o.caFile = nginx.ca.certificatePath
    o.connectTimeout = 2
    o.totalTimeout = 2
    o.offline = offline
    o.dalEndpoint = nginx.origin("dal") + "/" + dal
    o.appleCDNEndpoint = nginx.origin("cdn") + "/" + cdn + "/a/v1"
    o.expectation = VerifyExpectation(
        androidPackage: TestNginx.package, fingerprints: [TestNginx.fingerprint],
        iosAppIDs: [TestNginx.appID], iosPaths: paths)
    return o
}

extension VerifyReport {
    /// The checks named `name`.
    func named(_ name: String) -> [Check] { checks.filter { $0.name == name } }
    /// Every check's verdict by name, for assertions that read like the checklist.
    func verdicts(_ name: String) -> [Check.Verdict] { named(name).map(\.verdict) }
    /// One line per check, for failure messages.
    var text: String {
        checks.map { "\($0.verdict) \($0.name) \($0.url ?? "-"): \($0.reason)" }.joined(separator: "\n")
    }
}

/// A JSON value read the way verify reads a served document.
func json(_ text: String) throws(JSONCError) -> JSONValue {
    try AssociationJSON.parse(Array(text.utf8), document: "test").value
}
