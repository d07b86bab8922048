import Foundation

/// An nginx on 127.0.0.1 with its own prefix folder and free port, started from an `http { }`
/// body the caller writes. It stops when released or when the test process exits: a small shell
/// parent kills it (SIGKILL: the test process's blocked-signal mask is inherited and nginx
/// without a master process never unblocks SIGTERM) when this process's end of its stdin pipe
/// closes, then removes the prefix folder.
public final class NginxServer: @unchecked Sendable {
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// nginx's folder: `nginx.conf`, `error.log`, and whatever the caller puts there (`sites/`).
    public let prefix: TemporaryFolder
    public let port: Int
    private let process = Process()
    private let keepAlive = Pipe()

    /// Starts nginx. `prepare` may write files into the prefix first (fixtures, certificates);
    /// `http` returns the body of the `http { }` block for the prefix path, the port and the
    /// `listen` directive to use (`listen 127.0.0.1:PORT ssl http2`).
    public init(
        label: String, prepare: (TemporaryFolder, _ port: Int) throws(StartError) -> Void = { _, _ in },
        http: (_ prefix: String, _ port: Int, _ listen: String) -> String
    ) throws(StartError) {
        guard
            let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            throw StartError(description: "nginx is not installed (make test-deps installs nginx-light)")
        }
        prefix = TemporaryFolder(label)
        do { port = try LoopbackPort.free() } catch { throw StartError(description: error.description) }
        try prepare(prefix, port)
        let p = prefix.path
        // Builds differ in which temp paths they know; name only those this nginx was built with.
        let version = runProcess(nginx, ["-V"])
        let optional = ["uwsgi", "scgi"].filter { version.stderr.contains("--http-\($0)-temp-path") }
            .map { "\($0)_temp_path \(p)/tmp/\($0);" }.joined(separator: " ")
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
            \(http(p, port, "listen 127.0.0.1:\(port) ssl http2"))
            }

            """)
        for folder in ["tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"] {
            try? FileManager.default.createDirectory(atPath: prefix.url(folder), withIntermediateDirectories: true)
        }
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "\"$0\" -p \"$1\" -c \"$1/nginx.conf\" -e \"$1/error.log\" & n=$!; cat >/dev/null; kill -9 $n; wait $n; rm -rf \"$1\"",
            nginx, p,
        ]
        // Only this process may hold the write end, or the pipe never closes.
        _ = fcntl(keepAlive.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        process.standardInput = keepAlive
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StartError(description: "cannot start nginx: \(error)")
        }
        for _ in 0..<100 {
            if LoopbackPort.accepts(port) { return }
            if !process.isRunning { break }
            usleep(50_000)
        }
        throw StartError(description: "nginx did not start on port \(port): " + prefix.readText("error.log"))
    }

    deinit {
        try? keepAlive.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// TCP ports on 127.0.0.1.
public enum LoopbackPort {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A port the kernel says is free right now.
    public static func free() throws(Failure) -> Int {
        let (fd, port) = try listener(backlog: 0)
        close(fd)
        return port
    }

    /// A listening socket on a free port (the kernel completes handshakes; nobody reads).
    public static func listener(backlog: Int32) throws(Failure) -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
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
            throw Failure(description: "bind/listen: \(String(cString: strerror(errno)))")
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// True when something accepts connections on the port.
    public static func accepts(_ port: Int) -> Bool {
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
