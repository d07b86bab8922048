import Foundation

/// What a finished process printed and how it exited.
public struct ProcessOutput: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
}

/// Runs `executable` with `arguments` and waits; stdin is empty unless given. With `killAfter`,
/// a process still running after that many seconds is killed (SIGKILL) and the test sees exit 137,
/// so a command that hangs fails its test instead of stopping the whole suite.
@discardableResult
public func runProcess(
    _ executable: String, _ arguments: [String], in folder: String? = nil,
    environment: [String: String] = [:], input: String? = nil, killAfter: Double? = nil
) -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe(), err = Pipe(), inPipe = Pipe()
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    do {
        try process.run()
    } catch {
        return ProcessOutput(status: -1, stdout: "", stderr: "cannot run \(executable): \(error)")
    }
    if let killAfter {
        let pid = process.processIdentifier
        DispatchQueue.global().async {
            if finished.wait(timeout: .now() + killAfter) == .timedOut { kill(pid, SIGKILL) }
        }
    }
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try? inPipe.fileHandleForWriting.close()
    // Read both pipes concurrently so neither fills up and blocks the child.
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errBox.data = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessOutput(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errBox.data, as: UTF8.self))
}

/// The `relops` binary built alongside the tests (`RELOPS_BIN` overrides).
public var relopsBinary: String {
    if let explicit = ProcessInfo.processInfo.environment["RELOPS_BIN"] { return explicit }
    // Tests run from .build/<triple>/debug/relopsPackageTests.xctest; the binary sits beside it.
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = folder.appendingPathComponent("relops").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/relops").path
}

/// How long one run of the built binary may take in a test before it is killed: no command of
/// a test's size comes near it, a hang does.
public let relopsKillBound: Double = 300

/// Runs the built `relops` binary, killed after `killAfter` seconds (`relopsKillBound` unless a
/// test holds a command to a tighter bound).
@discardableResult
public func relops(
    _ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
    input: String? = nil, killAfter: Double = relopsKillBound
) -> ProcessOutput {
    runProcess(relopsBinary, arguments, in: folder, environment: environment, input: input, killAfter: killAfter)
}
