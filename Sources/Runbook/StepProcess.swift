import Foundation
import RelopsCore

/// Runs a step's command in its own process group, so a signal meant for the step reaches
/// everything it started, and a run that is killed can name the group that may still be running.
public enum StepProcess {
    /// Runs `executable` with `arguments` in `folder`; `environment` replaces the environment.
    /// Standard input is `/dev/null`; standard output and error are read in full. `started` hears
    /// the child's pid (also its process group id) before the wait begins.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], in folder: String,
        started: (Int32) -> Void
    ) -> CommandOutput {
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { return cannotRun(executable, errnoText()) }
        guard pipe(&err) == 0 else {
            close(out[0])
            close(out[1])
            return cannotRun(executable, errnoText())
        }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in [out[0], out[1], err[0], err[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        // Nothing else relops holds open reaches the step (glibc 2.34 and later).
        _ = Self.addCloseFrom?(&actions, 3)
        guard let addChdir = Self.addChdir, addChdir(&actions, folder) == 0 else {
            close(out[0])
            close(out[1])
            close(err[0])
            close(err[1])
            return cannotRun(executable, "cannot start it in \(folder) (posix_spawn_file_actions_addchdir_np)")
        }
        // Its own process group (pgid = its pid), and default signal handling even where relops ignores some.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(out[1])
        close(err[1])
        guard status == 0 else {
            close(out[0])
            close(err[0])
            return cannotRun(executable, String(cString: strerror(status)))
        }
        started(pid)
        let (output, errors) = readBoth(out[0], err[0])
        close(out[0])
        close(err[0])
        return CommandOutput(
            status: wait(for: pid), output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }

    private typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which its headers do not
    /// show to Swift: the child starts in the folder without the parent changing its own.
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let addCloseFrom: AddCloseFrom? = {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: AddCloseFrom.self)
        }
    }()

    /// True when `pid` still runs as the leader of its own process group (not a zombie): the
    /// process a step started, not a pid reused by something else.
    public static func isRunningStep(_ pid: Int32) -> Bool {
        guard pid > 0, kill(pid, 0) == 0 || errno == EPERM, getpgid(pid) == pid else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        // `pid (name) S ...`: the state follows the name.
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    private static func cannotRun(_ executable: String, _ why: String) -> CommandOutput {
        CommandOutput(status: 127, output: "", errors: "cannot run \(executable): \(why)")
    }

    /// Reads both pipes to their end at once, so neither fills up and blocks the child.
    private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var open = [first, second]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while open.contains(where: { $0 >= 0 }) {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    collected[index] += chunk[0..<n]
                } else if n == 0 || errno != EINTR {
                    open[index] = -1
                }
            }
        }
        return (collected[0], collected[1])
    }

    /// The exit status, or 128 + the signal that ended it.
    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 127 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
