import Foundation
import RelopsCore

/// Where a command writes: results to stdout (buffered), progress and errors to stderr (one
/// writer, under a lock), colour only on a terminal and never with `NO_COLOR` set.
final class Console: @unchecked Sendable {
    let colourOut: Bool
    let colourErr: Bool
    let stderrIsTerminal: Bool
    private let lock = NSLock()
    private var buffer: [UInt8] = []

    init() {
        // getenv, not ProcessInfo's environment: that builds a dictionary of every variable,
        // a noticeable part of a small command's start-up.
        let allowed = getenv("NO_COLOR") == nil && getenv("TERM").map { String(cString: $0) } != "dumb"
        colourOut = allowed && isatty(STDOUT_FILENO) == 1
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
        colourErr = allowed && stderrIsTerminal
        buffer.reserveCapacity(1 << 16)
    }

    /// Writes a result line to stdout.
    func out(_ text: String, terminator: String = "\n") {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(contentsOf: text.utf8)
        buffer.append(contentsOf: terminator.utf8)
        if buffer.count >= 1 << 16 { flushLocked() }
    }

    /// Writes a result of many bytes (a scan's JSON) to stdout as it is, then a newline: after
    /// what is buffered, without copying it into the buffer.
    func out(bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        writeAll(STDOUT_FILENO, bytes)
        buffer.append(0x0A)
    }

    /// Writes everything buffered for stdout.
    func flush() {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
    }

    private func flushLocked() {
        writeAll(STDOUT_FILENO, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes an error or warning line to stderr.
    func error(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        writeAll(STDERR_FILENO, Array((text + "\n").utf8))
    }

    /// A question on stderr, without a newline, after everything buffered for stdout.
    func prompt(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// A transient progress line on stderr; shown only when stderr is a terminal.
    func progress(_ text: String) {
        guard stderrIsTerminal else { return }
        lock.lock()
        defer { lock.unlock() }
        writeAll(STDERR_FILENO, Array(("\r\u{1B}[K" + text).utf8))
    }

    /// Clears a progress line.
    func endProgress() {
        guard stderrIsTerminal else { return }
        lock.lock()
        defer { lock.unlock() }
        writeAll(STDERR_FILENO, Array("\r\u{1B}[K".utf8))
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    enum Style: String {
        case bold = "1", red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36", dim = "2"
    }

    /// `text` in `style` when stdout is a colour terminal, else unchanged.
    func styled(_ text: String, _ style: Style) -> String {
        colourOut ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// The output format a command was asked for.
enum OutputFormat: String {
    case text, json, sarif, github

    /// Reads `--format`, allowing only `allowed`; text by default.
    static func from(_ value: String?, allowed: [OutputFormat]) throws(Failure) -> OutputFormat {
        guard let value else { return .text }
        guard let format = OutputFormat(rawValue: value), allowed.contains(format) else {
            throw Failure(
                .usage,
                "--format \(value) is not supported here; use one of \(allowed.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return format
    }
}
