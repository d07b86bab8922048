/// A Unicode encoding other than UTF-8 that a text file announces with its byte order mark, as
/// Xcode writes `Localizable.strings` (UTF-16LE) and many `.strings` and `.resx` exports do.
/// relops searches such a file as UTF-8 (`decode`) and writes it back in its own encoding, with
/// the same mark and the same line ends (`encode`), so `encode(decode(x)) == x` byte for byte.
public enum TextEncoding: String, Sendable, CaseIterable {
    case utf16LE = "UTF-16LE"
    case utf16BE = "UTF-16BE"
    case utf32LE = "UTF-32LE"
    case utf32BE = "UTF-32BE"

    /// The encoding whose byte order mark `bytes` starts with; nil for any other start (UTF-8,
    /// with or without its mark). UTF-32LE's mark begins with UTF-16LE's, so it is tried first.
    public init?(announcedBy bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE):
            self = bytes.count >= 4 && bytes[2] == 0 && bytes[3] == 0 ? .utf32LE : .utf16LE
        case (0xFE, 0xFF):
            self = .utf16BE
        case (0x00, 0x00) where bytes.count >= 4 && bytes[2] == 0xFE && bytes[3] == 0xFF:
            self = .utf32BE
        default:
            return nil
        }
    }

    /// The encoding whose byte order mark `bytes` starts with (`init(announcedBy:)`).
    public init?(announcedBy bytes: [UInt8]) {
        guard let found = bytes.withUnsafeBufferPointer({ TextEncoding(announcedBy: $0) }) else { return nil }
        self = found
    }

    /// The byte order mark.
    public var byteOrderMark: [UInt8] {
        switch self {
        case .utf16LE: return [0xFF, 0xFE]
        case .utf16BE: return [0xFE, 0xFF]
        case .utf32LE: return [0xFF, 0xFE, 0x00, 0x00]
        case .utf32BE: return [0x00, 0x00, 0xFE, 0xFF]
        }
    }

    /// Bytes per code unit.
    var unitSize: Int { self == .utf16LE || self == .utf16BE ? 2 : 4 }
    var isBigEndian: Bool { self == .utf16BE || self == .utf32BE }

    /// Why a file that announces this encoding is not text in it.
    public struct DecodingProblem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The byte of the file (its mark counted) where decoding stopped.
        public let offset: Int
        public let reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// The file's text as UTF-8, without the byte order mark (`bytes` starts with it); a length
    /// that is no whole number of code units, a lone surrogate or a value past U+10FFFF is a problem.
    public func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], DecodingProblem> {
        let mark = byteOrderMark.count, size = unitSize
        guard (bytes.count - mark) % size == 0 else {
            return .failure(
                DecodingProblem(offset: bytes.count, reason: "a length of \(bytes.count) bytes is cut mid-character"))
        }
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count - mark) / size * 3 / 2 + 16)
        var at = mark
        while at < bytes.count {
            var value = unit(bytes, at)
            let start = at
            at += size
            if size == 2 && (0xD800..<0xE000).contains(value) {
                guard value < 0xDC00, at < bytes.count, (0xDC00..<0xE000).contains(unit(bytes, at)) else {
                    return .failure(DecodingProblem(offset: start, reason: "a lone surrogate \(hex(value))"))
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (unit(bytes, at) - 0xDC00)
                at += 2
            }
            guard let scalar = Unicode.Scalar(value) else {
                return .failure(DecodingProblem(offset: start, reason: "\(hex(value)) is no Unicode character"))
            }
            appendUTF8(scalar.value, to: &output)
        }
        return .success(output)
    }

    /// `decode` over an array.
    public func decode(_ bytes: [UInt8]) -> Result<[UInt8], DecodingProblem> {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    /// `text` (UTF-8, as `decode` gave it, edited) in this encoding, after its byte order mark.
    /// Invalid UTF-8 cannot come from `decode`; were it there, it would become U+FFFD.
    public func encode(_ text: [UInt8]) -> [UInt8] {
        var output = byteOrderMark
        output.reserveCapacity(output.count + text.count * unitSize)
        let big = isBigEndian
        func put(_ value: UInt32, _ size: Int) {
            for k in 0..<size {
                let shift = UInt32(8 * (big ? size - 1 - k : k))
                output.append(UInt8(truncatingIfNeeded: value >> shift))
            }
        }
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            let value = scalar.value
            if unitSize == 4 {
                put(value, 4)
            } else if value < 0x10000 {
                put(value, 2)
            } else {
                put(0xD800 + ((value - 0x10000) >> 10), 2)
                put(0xDC00 + ((value - 0x10000) & 0x3FF), 2)
            }
        }
        return output
    }

    private func unit(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<unitSize {
            let byte = UInt32(bytes[at + k])
            value |= isBigEndian ? byte << UInt32(8 * (unitSize - 1 - k)) : byte << UInt32(8 * k)
        }
        return value
    }

    private func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
        switch value {
        case ..<0x80:
            output.append(UInt8(value))
        case ..<0x800:
            output.append(UInt8(0xC0 | value >> 6))
            output.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            output.append(UInt8(0xE0 | value >> 12))
            output.append(UInt8(0x80 | (value >> 6) & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        default:
            output.append(UInt8(0xF0 | value >> 18))
            output.append(UInt8(0x80 | (value >> 12) & 0x3F))
            output.append(UInt8(0x80 | (value >> 6) & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
