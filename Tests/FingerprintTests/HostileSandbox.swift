import Foundation
import TestSupport
import Testing

/// A hostile repository and the "outside" it tries to reach, both in one temporary folder of the
/// test's own: `<sandbox>/repo` (a real git repository) and `<sandbox>/outside`. `snapshot()`
/// records every file, folder and symlink under the sandbox byte for byte, so a test can prove
/// that nothing inside or outside the repository changed.
final class HostileSandbox: @unchecked Sendable {
    let folder = TemporaryFolder("hostile")
    var root: String { folder.url("repo") }
    var outside: String { folder.url("outside") }

    init() {
        try? FileManager.default.createDirectory(atPath: folder.url("repo"), withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: folder.url("outside"), withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: folder.url("home"), withIntermediateDirectories: true)
        for arguments in [
            ["init", "-q", "-b", "main"], ["config", "user.name", "Test Author"],
            ["config", "user.email", "author@example.com"], ["config", "commit.gpgsign", "false"],
        ] {
            git(arguments)
        }
    }

    @discardableResult
    func git(_ arguments: [String]) -> String {
        let result = runGit(arguments, in: root)
        if result.status != 0 { Issue.record("git \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.stdout
    }

    /// Writes `text` at `path` in the repository (folders created).
    func write(_ path: String, _ text: String) { folder.write("repo/" + path, text) }
    func write(_ path: String, bytes: [UInt8]) { folder.write("repo/" + path, bytes: bytes) }
    /// Writes `text` at `path` in the outside folder.
    func writeOutside(_ path: String, _ text: String) { folder.write("outside/" + path, text) }

    /// A symlink at the repository path `path` pointing to `target` (as written).
    func link(_ path: String, to target: String) {
        let full = root + "/" + path
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        unlink(full)
        #expect(symlink(target, full) == 0, "symlink \(path) -> \(target)")
    }

    /// Replaces the working-tree folder `path` with a symlink to `target` (the files stay tracked).
    func replaceFolder(_ path: String, withLinkTo target: String) {
        try? FileManager.default.removeItem(atPath: root + "/" + path)
        link(path, to: target)
    }

    /// A FIFO at the repository path `path`, in place of whatever was there.
    func fifo(_ path: String) {
        let full = root + "/" + path
        unlink(full)
        #expect(mkfifo(full, 0o644) == 0, "mkfifo \(path)")
    }

    func commit(_ message: String = "fixture") {
        git(["add", "-A"])
        git(["commit", "-q", "--allow-empty", "-m", message])
    }

    /// Every entry under the sandbox (but `.git`'s internals): a file's bytes, a symlink's target,
    /// a folder or FIFO by kind.
    func snapshot() -> [String: String] {
        var out: [String: String] = [:]
        var pending = [""]
        while let relative = pending.popLast() {
            let full = relative.isEmpty ? folder.path : folder.path + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { continue }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                if path == "repo/.git" { continue }
                var info = stat()
                guard lstat(folder.path + "/" + path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    out[path] = "folder"
                    pending.append(path)
                case S_IFLNK:
                    out[path] =
                        "link "
                        + ((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/" + path)) ?? "?")
                case S_IFREG:
                    let bytes = FileManager.default.contents(atPath: folder.path + "/" + path) ?? Data()
                    out[path] = "file \(bytes.count) " + bytes.base64EncodedString()
                default: out[path] = "special \(info.st_mode & S_IFMT)"
                }
            }
        }
        return out
    }

    /// The entries that differ from `before` (added, removed or changed), by path: empty when
    /// nothing inside or outside the repository changed.
    func changes(since before: [String: String]) -> [String] {
        let now = snapshot()
        return Set(before.keys).union(now.keys).filter { before[$0] != now[$0] }.sorted()
    }

    /// Runs the built relops in the repository, killed after `seconds` (a generous bound: a hang
    /// fails the test instead of stalling the suite; it is not a timing assertion).
    func relopsBounded(_ arguments: [String], seconds: Double = 60) -> BoundedOutput {
        let home = folder.url("home")
        return boundedProcess(
            relopsBinary, arguments, in: root, environment: ["HOME": home, "NO_COLOR": "1"], seconds: seconds)
    }
}

/// How a bounded run ended.
struct BoundedOutput {
    let status: Int32
    let stdout: String
    let stderr: String
    /// True when it was killed at the bound (a hang).
    let timedOut: Bool
}

/// Runs `executable`, killing it after `seconds`.
func boundedProcess(
    _ executable: String, _ arguments: [String], in folder: String, environment: [String: String], seconds: Double
) -> BoundedOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    final class Box: @unchecked Sendable { var data = Data() }
    let outBox = Box()
    let errBox = Box()
    let group = DispatchGroup()
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
        try process.run()
    } catch {
        return BoundedOutput(status: -1, stdout: "", stderr: "cannot run \(executable): \(error)", timedOut: false)
    }
    for (pipe, box) in [(out, outBox), (err, errBox)] {
        group.enter()
        DispatchQueue.global().async {
            box.data = pipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
    }
    var timedOut = false
    if finished.wait(timeout: .now() + seconds) == .timedOut {
        timedOut = true
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
    group.wait()
    return BoundedOutput(
        status: process.terminationStatus, stdout: String(decoding: outBox.data, as: UTF8.self),
        stderr: String(decoding: errBox.data, as: UTF8.self), timedOut: timedOut)
}
