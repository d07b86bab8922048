import Foundation
import Runbook
import TestSupport

/// The sample app's web hosts for the shipped runbooks' `relops verify` steps: an nginx on
/// 127.0.0.1 serving `sites/<host>/` over HTTPS with a certificate from a test CA, reached through
/// `--connect-to`. A host serves nothing until it is deployed (`relops association render --out`).
/// nginx stops when this value is released.
final class SampleWebHost: @unchecked Sendable {
    let hosts: [String]
    let port: Int
    let ca: TestCA
    private let prefix = TemporaryFolder("relops-sample-web")
    private let process = Process()
    private let keepAlive = Pipe()

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    init(hosts: [String] = [SampleRepository.oldHost, SampleRepository.newHost]) throws {
        self.hosts = hosts
        guard let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: FileManager.default.isExecutableFile)
        else { throw StartError(description: "nginx is not installed (make test-deps installs nginx-light)") }
        ca = TestCA(name: "sample", in: prefix.path)
        let server = ca.issue("sample", names: hosts)
        if let failure = ca.failure { throw StartError(description: failure) }
        port = try SampleWebHost.freePort()
        let p = prefix.path
        prefix.write(
            "nginx.conf",
            """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(p)/nginx.pid;
            error_log \(p)/error.log warn;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(p)/tmp; proxy_temp_path \(p)/tmp; fastcgi_temp_path \(p)/tmp;
                uwsgi_temp_path \(p)/tmp; scgi_temp_path \(p)/tmp;
                types { }
                default_type application/json;
                server {
                    listen 127.0.0.1:\(port) ssl;
                    server_name _;
                    ssl_certificate \(server.certificate);
                    ssl_certificate_key \(server.key);
                    root \(p)/sites/$host;
                }
            }

            """)
        try FileManager.default.createDirectory(atPath: prefix.url("tmp"), withIntermediateDirectories: true)
        // A shell parent stops nginx when this process's end of its stdin closes (as TestNginx does).
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "\"$0\" -p \"$1\" -c \"$1/nginx.conf\" -e \"$1/error.log\" & n=$!; cat >/dev/null; kill -9 $n; wait $n",
            nginx, p,
        ]
        _ = fcntl(keepAlive.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        process.standardInput = keepAlive
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 {
            if SampleWebHost.accepts(port) { return }
            if !process.isRunning { break }
            usleep(50_000)
        }
        throw StartError(description: "nginx did not start on port \(port): " + prefix.readText("error.log"))
    }

    deinit {
        try? keepAlive.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The options every `relops verify` of a shipped runbook needs to reach these hosts.
    var verifyFlags: String {
        (["--offline", "--cacert", ca.certificatePath]
            + hosts.flatMap { ["--connect-to", "\($0):443:127.0.0.1:\(port)"] })
            .joined(separator: " ")
    }

    /// Deploys the documents `relops association render` makes from `repo` to `host`.
    func deploy(_ repo: GitFixture, to host: String) -> ProcessOutput {
        relops(["association", "render", "--out", prefix.url("sites/\(host)")], in: repo.root)
    }

    /// What `host` serves at `/.well-known/<name>`, empty when nothing.
    func served(_ host: String, _ name: String) -> String {
        prefix.readText("sites/\(host)/.well-known/\(name)")
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw StartError(description: "bind: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
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

/// The demo's sample repository, written with the git CLI (tests may; the demo uses libgit2, and
/// `DemoWorkspaceTests` checks that both write the same history).
func makeSampleRepository(_ label: String = "sample") -> GitFixture {
    let repo = GitFixture(label)
    for commit in SampleRepository.history {
        for file in commit.files { repo.write(file.path, file.content) }
        repo.commit(commit.message, date: commit.date)
    }
    return repo
}
