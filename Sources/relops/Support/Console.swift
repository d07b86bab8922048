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
        buffer.append(contentsOf: Console.visible(text).utf8)
        buffer.append(contentsOf: terminator.utf8)
        if buffer.count >= 1 << 16 { flushLocked() }
    }

    /// Writes a result of many bytes (a scan's JSON) to stdout as it is, then a newline: after
    /// what is buffered, without copying it into the buffer.
    func out(bytes: [UInt8]) { out(chunks: [bytes]) }

    /// Writes `chunks` one after the other, then a line end: a long document made in pieces
    /// (`ScanResult.jsonChunks`) goes out without being copied into one buffer first.
    func out(chunks: [[UInt8]]) {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        for chunk in chunks { writeAll(STDOUT_FILENO, chunk) }
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
        writeAll(STDERR_FILENO, Array((Console.visible(text) + "\n").utf8))
    }

    /// A question on stderr, without a newline, after everything buffered for stdout.
    func prompt(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        writeAll(STDERR_FILENO, Array(Console.visible(text).utf8))
    }

    /// A transient progress line on stderr; shown only when stderr is a terminal.
    func progress(_ text: String) {
        guard stderrIsTerminal else { return }
        lock.lock()
        defer { lock.unlock() }
        writeAll(STDERR_FILENO, Array(("\r\u{1B}[K" + Console.visible(text)).utf8))
    }

    /// Clears a progress line.
    func endProgress() {
        guard stderrIsTerminal else { return }
        lock.lock()
        defer { lock.unlock() }
        writeAll(STDERR_FILENO, Array("\r\u{1B}[K".utf8))
    }

    /// `text` with what a terminal would act on or reorder written out as `\uXXXX`: the
    /// bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) and every
    /// control character but newline, tab and CRLF (C0, DEL, C1), escape sequences included, but
    /// for relops's own colours (`ESC[...m`). So a file name cannot reorder or hide what is printed
    /// around it; the line passes through every write to stdout and stderr here, once. In JSON
    /// output, where such a character can only stand inside a string, `\uXXXX` is its own escape.
    static func visible(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }) { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "\u{1B}", let end = colourSequenceEnd(scalars, from: i) {
                out.append(contentsOf: scalars[i...end])
                i = end + 1
                continue
            }
            // A line ending CRLF (a document printed as it is) stays; a lone CR could overwrite the line.
            let lineEnd = scalar == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n"
            if isInvisibleControl(scalar) && !lineEnd {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(
                    contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
            i += 1
        }
        return String(out)
    }

    /// The index of the `m` ending `ESC [ digits ; ... m` at `start` (a colour, as `styled` writes), or nil.
    private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var i = start + 2
        while i < scalars.count, scalars[i] == ";" || ("0"..."9").contains(scalars[i]) { i += 1 }
        return i < scalars.count && scalars[i] == "m" ? i : nil
    }

    private static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00..<0x20, 0x7F..<0xA0: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
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
