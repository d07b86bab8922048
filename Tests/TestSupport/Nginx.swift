import Foundation

/// One nginx for the whole test run, on 127.0.0.1 at a free port, serving the association-file
/// fixtures over HTTPS (HTTP/2) with certificates from a `TestCA` made at start. Host names are
/// `<case>.relops.test`, reached through `--resolve`; nothing leaves the machine.
///
/// It starts on first use (`TestNginx.shared`) and dies with the test process: a small shell
/// parent kills it when the test process's end of its stdin pipe closes, then removes its folder.
public final class TestNginx: @unchecked Sendable {
    /// The shared instance, or why it could not start.
    public static let shared: Result<TestNginx, NginxError> = Result { () throws(NginxError) in try TestNginx() }

    public struct NginxError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The package, fingerprint and app id the good fixtures grant.
    public static let package = "com.example.app"
    public static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    public static let appID = "ABCDE12345.com.example.app"

    public var port: Int { server.port }
    /// A port that accepts connections and never answers.
    public let silentPort: Int
    /// The CA that signed every certificate nginx serves except `otherca`'s.
    public let ca: TestCA
    let otherCA: TestCA
    let server: NginxServer
    let silentSocket: Int32

    /// `name.relops.test:PORT`.
    public func host(_ name: String) -> String { "\(name).relops.test:\(port)" }
    /// `https://name.relops.test:PORT`.
    public func origin(_ name: String) -> String { "https://" + host(name) }

    /// `--resolve` entries aiming every fixture host name (and the silent port's) at 127.0.0.1.
    public var resolve: [String] {
        TestNginx.hostNames.map { "\($0).relops.test:\(port):127.0.0.1" } + [
            "silent.relops.test:\(silentPort):127.0.0.1"
        ]
    }

    static let hostNames = [
        "good", "legacy", "redirect301", "redirect302", "notfound", "html", "wrongtype", "malformed", "oversize",
        "wrongfp", "lowerfp", "nofp", "wrongpkg", "include", "loop", "deep", "otherca", "wrongname", "dal", "cdn",
        "second", "badstatements", "stream", "rendered", "xn--bcher-kva",
    ]

    private init() throws(NginxError) {
        var certificates: Certificates?
        var cas: (TestCA, TestCA)?
        do {
            server = try NginxServer(
                label: "relops-nginx",
                prepare: { prefix, port throws(NginxServer.StartError) in
                    TestNginx.writeFixtures(prefix, port: port)
                    let ca = TestCA(name: "main", in: prefix.path), otherCA = TestCA(name: "other", in: prefix.path)
                    certificates = (
                        ca.issue("wildcard", names: ["*.relops.test"]),
                        ca.issue("elsewhere", names: ["elsewhere.example"]),
                        otherCA.issue("otherca", names: ["otherca.relops.test"])
                    )
                    if let failure = ca.failure ?? otherCA.failure {
                        throw NginxServer.StartError(description: failure)
                    }
                    cas = (ca, otherCA)
                }
            ) { p, port, listen in TestNginx.configuration(p, port, listen, certificates!) }
            (silentSocket, silentPort) = try LoopbackPort.listener(backlog: 16)
        } catch let error as NginxServer.StartError {
            throw NginxError(description: error.description)
        } catch {
            throw NginxError(description: "\(error)")
        }
        (ca, otherCA) = cas!
    }

    typealias Certificates = (
        main: (certificate: String, key: String), wrongName: (certificate: String, key: String),
        foreign: (certificate: String, key: String)
    )

    static func configuration(_ p: String, _ port: Int, _ listen: String, _ certificates: Certificates) -> String {
        let (main, wrongName, foreign) = certificates
        return """
                types { application/json json; text/html html; }
                default_type application/json;
                ssl_certificate \(main.certificate);
                ssl_certificate_key \(main.key);
                server {
                    \(listen) default_server;
                    server_name _;
                    root \(p)/sites/$host;
                    location = /echo-user-agent { default_type text/plain; return 200 "$http_user_agent"; }
                }
                server {
                    \(listen);
                    server_name redirect301.relops.test;
                    location / { return 301 https://good.relops.test:\(port)$request_uri; }
                }
                server {
                    \(listen);
                    server_name redirect302.relops.test;
                    location / { return 302 https://good.relops.test:\(port)$request_uri; }
                }
                server {
                    \(listen);
                    server_name html.relops.test;
                    root \(p)/sites/html.relops.test;
                    types { }
                    default_type text/html;
                }
                server {
                    \(listen);
                    server_name wrongtype.relops.test;
                    root \(p)/sites/wrongtype.relops.test;
                    types { }
                    default_type text/plain;
                }
                server {
                    \(listen);
                    server_name dal.relops.test;
                    root \(p)/sites/dal.relops.test;
                    location ~ assetlinks:check$ {
                        if ($args !~ "^source\\.web\\.site=https%3A%2F%2F[a-z0-9.]+%3A\\d+&relation=delegate_permission%2Fcommon\\.handle_all_urls&target\\.androidApp\\.packageName=com\\.example\\.app&target\\.androidApp\\.certificate\\.sha256Fingerprint=([0-9A-F]{2}%3A){31}[0-9A-F]{2}$") {
                            return 400 '{"error": {"code": 400, "message": "relops test: unexpected query $args", "status": "INVALID_ARGUMENT"}}';
                        }
                    }
                }
                server {
                    \(listen);
                    server_name stream.relops.test;
                    root \(p)/sites/stream.relops.test;
                    # gzip drops Content-Length: the body cap must hold in the write callback too.
                    gzip on;
                    gzip_types *;
                    gzip_min_length 1;
                }
                server {
                    \(listen);
                    server_name otherca.relops.test;
                    ssl_certificate \(foreign.certificate);
                    ssl_certificate_key \(foreign.key);
                    root \(p)/sites/good.relops.test;
                }
                server {
                    \(listen);
                    server_name wrongname.relops.test;
                    ssl_certificate \(wrongName.certificate);
                    ssl_certificate_key \(wrongName.key);
                    root \(p)/sites/good.relops.test;
                }
            """
    }
}
