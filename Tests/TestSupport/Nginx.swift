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

    public let port: Int
    /// A port that accepts connections and never answers.
    public let silentPort: Int
    /// The CA that signed every certificate nginx serves except `otherca`'s.
    public let ca: TestCA
    let otherCA: TestCA
    let prefix: TemporaryFolder
    let process: Process
    let keepAlive: Pipe
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
        "second", "badstatements", "stream",
    ]

    private init() throws(NginxError) {
        let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let nginx else {
            throw NginxError(description: "nginx is not installed (make test-deps installs nginx-light)")
        }
        prefix = TemporaryFolder("relops-nginx")
        ca = TestCA(name: "main", in: prefix.path)
        otherCA = TestCA(name: "other", in: prefix.path)
        let main = ca.issue("wildcard", names: ["*.relops.test"])
        let wrongName = ca.issue("elsewhere", names: ["elsewhere.example"])
        let foreign = otherCA.issue("otherca", names: ["otherca.relops.test"])
        if let failure = ca.failure ?? otherCA.failure { throw NginxError(description: failure) }

        port = try TestNginx.freePort()
        (silentSocket, silentPort) = try TestNginx.silentListener()
        TestNginx.writeFixtures(prefix, port: port)

        let version = runProcess(nginx, ["-V"])
        let p = prefix.path
        let optional = ["uwsgi", "scgi"].filter { version.stderr.contains("--http-\($0)-temp-path") }
            .map { "\($0)_temp_path \(p)/tmp/\($0);" }.joined(separator: " ")
        let listen = "listen 127.0.0.1:\(port) ssl http2"
        prefix.write(
            "nginx.conf",
            """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(p)/nginx.pid;
            error_log \(p)/error.log warn;
            events { worker_connections 256; }
            http {
                access_log off;
                client_body_temp_path \(p)/tmp/body; proxy_temp_path \(p)/tmp/proxy; fastcgi_temp_path \(p)/tmp/fastcgi; \(optional)
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
            }

            """)
        for folder in ["tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"] {
            try? FileManager.default.createDirectory(atPath: prefix.url(folder), withIntermediateDirectories: true)
        }
        // The shell parent reads its stdin until the test process exits (the pipe closes), then stops nginx.
        // SIGKILL, because the test process's blocked-signal mask is inherited and nginx without a
        // master process never unblocks SIGTERM.
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "\"$0\" -p \"$1\" -c \"$1/nginx.conf\" -e \"$1/error.log\" & n=$!; cat >/dev/null; kill -9 $n; wait $n; rm -rf \"$1\"",
            nginx, p,
        ]
        keepAlive = Pipe()
        // Only this process may hold the write end, or the pipe never closes.
        _ = fcntl(keepAlive.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        process.standardInput = keepAlive
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw NginxError(description: "cannot start nginx: \(error)")
        }
        for _ in 0..<100 {
            if TestNginx.accepts(port) { return }
            if !process.isRunning { break }
            usleep(50_000)
        }
        throw NginxError(description: "nginx did not start on port \(port): " + prefix.readText("error.log"))
    }

    /// A port the kernel says is free right now.
    static func freePort() throws(NginxError) -> Int {
        let (fd, port) = try listener(backlog: 0)
        close(fd)
        return port
    }

    /// A socket that listens (the kernel completes handshakes) and is never read: a server that never answers.
    static func silentListener() throws(NginxError) -> (Int32, Int) { try listener(backlog: 16) }

    static func listener(backlog: Int32) throws(NginxError) -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw NginxError(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound, listen(fd, backlog) == 0 else {
            close(fd)
            throw NginxError(description: "bind/listen: \(String(cString: strerror(errno)))")
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
