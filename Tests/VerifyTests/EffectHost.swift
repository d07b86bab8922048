import Foundation
import RelopsCore
import TestSupport

@testable import Verify

/// An nginx on 127.0.0.1 over HTTPS with its own test CA, serving `sites/<host>/` for the hosts of
/// `*.effect.test`: what a test writes is what the host serves. Stand-ins for Google's Digital
/// Asset Links API (`dal.effect.test`) and Apple's CDN (`cdn.effect.test`) are folders of it.
final class EffectHost: @unchecked Sendable {
    let ca: TestCA
    private let server: NginxServer
    var port: Int { server.port }

    init() throws {
        var made: (TestCA, (certificate: String, key: String))?
        server = try NginxServer(
            label: "relops-effect-web",
            prepare: { prefix, _ throws(NginxServer.StartError) in
                let ca = TestCA(name: "effect", in: prefix.path)
                let certificate = ca.issue("effect", names: ["*.effect.test"])
                if let failure = ca.failure { throw NginxServer.StartError(description: failure) }
                made = (ca, certificate)
            }
        ) { p, _, listen in
            """
                types { }
                default_type application/json;
                server {
                    \(listen);
                    server_name _;
                    ssl_certificate \(made!.1.certificate);
                    ssl_certificate_key \(made!.1.key);
                    root \(p)/sites/$host;
                }
            """
        }
        ca = made!.0
    }

    /// `name.effect.test:PORT`.
    func host(_ name: String) -> String { "\(name).effect.test:\(port)" }
    /// `https://name.effect.test:PORT`.
    func origin(_ name: String) -> String { "https://" + host(name) }

    /// Serves `text` as `host`'s `/<path>`.
    func serve(_ host: String, _ path: String, _ text: String) {
        server.prefix.write("sites/\(host).effect.test/\(path)", text)
    }

    /// Options aimed at `name`, reaching every `*.effect.test` host used here through `--resolve`.
    func options(_ name: String, offline: Bool = true) throws(Failure) -> VerifyOptions {
        var o = VerifyOptions(host: try WebHost(host(name)))
        o.resolve = ([name, "dal", "cdn"] + Self.extraHosts).map { "\($0).effect.test:\(port):127.0.0.1" }
        o.caFile = ca.certificatePath
        o.connectTimeout = 5
        o.totalTimeout = 5
        o.offline = offline
        o.dalEndpoint = origin("dal") + "/notlinked"
        o.appleCDNEndpoint = origin("cdn") + "/a/v1"
        return o
    }

    /// Hosts a served file may include from.
    static let extraHosts = ["parts", "more"]

    /// `--resolve` flags for the binary.
    func resolveFlags(_ name: String) -> [String] {
        ([name, "dal", "cdn"] + Self.extraHosts).flatMap { ["--resolve", "\($0).effect.test:\(port):127.0.0.1"] }
    }

    /// An `android_app` statement granting `handle_all_urls`.
    static func statement(_ package: String, _ fingerprints: [String]) -> String {
        """
        {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", \
        "package_name": "\(package)", "sha256_cert_fingerprints": [\(fingerprints.map { "\"\($0)\"" }.joined(separator: ", "))]}}
        """
    }

    /// Google's answer when the site does not link the app, at `dal.effect.test/notlinked`.
    func serveDigitalAssetLinksNotLinked() {
        serve(
            "dal", "notlinked/v1/assetlinks:check",
            #"{"maxAge": "59s", "errorCode": ["ERROR_CODE_MALFORMED_CONTENT"], "debugString": "x"}"#)
        serve("dal", "notlinked/v1/statements:list", #"{"statements": [], "maxAge": "59s"}"#)
    }
}
