/// Why a configuration file's text cannot be read as characters: a byte that is not UTF-8, or a
/// `\uD800`-`\uDFFF` escape without its pair. Editors and JSON readers mangle or reject both, so
/// relops refuses such a file before it writes or renders anything from it.
public struct ConfigTextProblem: Sendable, Equatable {
    /// What is wrong.
    public enum Kind: Sendable, Equatable {
        /// The byte that starts a sequence that is not UTF-8.
        case invalidUTF8(UInt8)
        /// The four hex digits of a lone surrogate escape, as written (`ud800` keeps its case).
        case loneSurrogate(String)
    }

    /// What is wrong.
    public let kind: Kind
    /// The offset of the offending byte or backslash in the bytes checked.
    public let offset: Int
    /// The 1-based line of `offset`.
    public let line: Int
    /// The 1-based column (in bytes) of `offset`.
    public let column: Int

    /// What is wrong, in words, without the location.
    public var reason: String {
        switch kind {
        case .invalidUTF8(let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return "not valid UTF-8 (byte 0x\(byte < 0x10 ? "0" : "")\(hex)); a configuration file must be UTF-8 text"
        case .loneSurrogate(let digits):
            return "a lone surrogate escape (\\u\(digits)) is not a character; write the character or its pair"
        }
    }

    /// `path:line:col: reason`, as relops reports bad input.
    public func message(path: String) -> String { "\(path):\(line):\(column): \(reason)" }
}

/// The one check of a configuration file's text (JSON or JSONC), shared by every command that
/// reads or rewrites one.
public enum ConfigText {
    /// The first problem in `bytes`, or nil when the text is UTF-8 (a leading byte order mark is
    /// allowed) and every surrogate escape is a high one followed by a low one.
    public static func firstProblem(in bytes: [UInt8]) -> ConfigTextProblem? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let offset = firstInvalidUTF8(in: bytes, from: start) {
            return problem(.invalidUTF8(bytes[offset]), at: offset, in: bytes)
        }
        if let lone = loneSurrogateEscape(in: bytes, from: start) {
            return problem(.loneSurrogate(lone.digits), at: lone.offset, in: bytes)
        }
        return nil
    }

    /// Throws bad input (`path:line:col: reason`) when `bytes` has a problem.
    public static func check(_ bytes: [UInt8], path: String) throws(Failure) {
        if let problem = firstProblem(in: bytes) { throw Failure(.badInput, problem.message(path: path)) }
    }

    static func problem(_ kind: ConfigTextProblem.Kind, at offset: Int, in bytes: [UInt8]) -> ConfigTextProblem {
        var line = 1
        var lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return ConfigTextProblem(kind: kind, offset: offset, line: line, column: offset - lineStart + 1)
    }

    static func firstInvalidUTF8(in bytes: [UInt8], from start: Int) -> Int? {
        var decoder = UTF8()
        var iterator = bytes[start...].makeIterator()
        var offset = start
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The first `\uD800`-`\uDFFF` escape that is not a high surrogate followed by a low one.
    static func loneSurrogateEscape(in bytes: [UInt8], from start: Int) -> (digits: String, offset: Int)? {
        func escape(at i: Int) -> UInt16? {
            guard i + 6 <= bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 else { return nil }
            return UInt16(String(decoding: bytes[i + 2..<i + 6], as: UTF8.self), radix: 16)
        }
        var i = start
        while i < bytes.count {
            guard bytes[i] == 0x5C else {
                i += 1
                continue
            }
            guard let unit = escape(at: i) else {
                i += 2  // another escape, such as \\ or \"
                continue
            }
            let digits = String(decoding: bytes[i + 2..<i + 6], as: UTF8.self)
            switch unit {
            case 0xD800...0xDBFF:
                guard let next = escape(at: i + 6), (0xDC00...0xDFFF).contains(next) else { return (digits, i) }
                i += 12
            case 0xDC00...0xDFFF: return (digits, i)
            default: i += 6
            }
        }
        return nil
    }
}
