import Foundation
import RelopsCore

/// A certificate's SHA-256 fingerprint: 32 bytes, shown in keytool's canonical form.
public struct CertificateFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    /// Wraps digest bytes; the caller guarantees 32 of them (use `FingerprintNormalizer` for text).
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Uppercase hex bytes joined by colons, as keytool prints and `assetlinks.json` expects.
    public var canonical: String { FingerprintNormalizer.colonHex(bytes) }

    /// Lowercase hex without separators, as apksigner prints.
    public var compactLowercase: String { bytes.map { hexByte($0, upper: false) }.joined() }

    public var description: String { canonical }
}

/// A fingerprint text that could not be read; the message names the text and the offending part.
public struct FingerprintFormatError: RelopsFailure, Sendable {
    public let category = FailureCategory.badInput
    /// The text as given.
    public let text: String
    /// What is wrong with it.
    public let reason: String

    public var description: String { "\"\(text)\" \(reason)" }
}

/// Turns the ways tools print a fingerprint into the canonical `AB:CD:...` form.
///
/// Accepts keytool's `SHA256: AB:CD:...`, openssl's `sha256 Fingerprint=AB:CD:...`, apksigner's
/// `SHA-256 digest: abcd...` or bare lowercase hex, and hex bytes separated by spaces.
public enum FingerprintNormalizer {
    /// The placeholder prefix the template configuration ships with.
    public static let placeholderPrefix = "REPLACE_WITH_"

    /// True when `text` is a placeholder (`REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT`), not a value.
    public static func isPlaceholder(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespaces).uppercased().hasPrefix(placeholderPrefix)
    }

    /// Reads a SHA-256 fingerprint. A placeholder, a SHA-1 (20 bytes), any other length, non-hex
    /// characters and one byte repeated 32 times (all zeros) are refused, naming the offending part.
    public static func sha256(_ text: String) throws(FingerprintFormatError) -> CertificateFingerprint {
        if isPlaceholder(text) {
            throw FingerprintFormatError(text: text, reason: "is the placeholder, not a fingerprint")
        }
        let (label, hex) = splitLabel(text)
        let bytes = try hexBytes(hex, text: text)
        let saysSHA1 = label.map { $0.replacingOccurrences(of: "-", with: "").lowercased().hasPrefix("sha1") } ?? false
        if bytes.count == 20 || saysSHA1 {
            throw FingerprintFormatError(
                text: text,
                reason: "is a SHA-1 fingerprint (\(bytes.count) bytes); assetlinks.json needs the SHA-256 "
                    + "fingerprint (32 bytes), keytool's `SHA256:` line")
        }
        guard bytes.count == 32 else {
            throw FingerprintFormatError(
                text: text, reason: "has \(bytes.count) bytes; a SHA-256 fingerprint has 32 (64 hex digits)")
        }
        if let first = bytes.first, bytes.allSatisfy({ $0 == first }) {
            // A digest of 32 equal bytes is a placeholder or a typing slip, never a real certificate's.
            throw FingerprintFormatError(
                text: text,
                reason: "is one byte (\(hexByte(first, upper: true))) repeated 32 times, a placeholder, not a "
                    + "certificate's fingerprint")
        }
        return CertificateFingerprint(bytes: bytes)
    }

    /// Whether `text` reads as a SHA-256 fingerprint at all (no error detail).
    public static func isSHA256(_ text: String) -> Bool { (try? sha256(text)) != nil }

    /// Uppercase hex bytes joined by colons.
    public static func colonHex(_ bytes: [UInt8]) -> String {
        bytes.map { hexByte($0, upper: true) }.joined(separator: ":")
    }

    /// Splits a leading tool label (`SHA256:`, `sha256 Fingerprint=`, `SHA-256 digest:`) from the hex.
    static func splitLabel(_ text: String) -> (label: String?, hex: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let eq = trimmed.lastIndex(of: "=") {
            return (String(trimmed[..<eq]), String(trimmed[trimmed.index(after: eq)...]))
        }
        let lower = trimmed.lowercased()
        let labels = [
            "sha-256 digest:", "sha256 digest:", "sha-1 digest:", "sha1 digest:", "sha-256:", "sha256:",
            "sha-1:", "sha1:",
        ]
        for label in labels {
            // Labels may follow other words, as in apksigner's "Signer #1 certificate SHA-256 digest:".
            if let range = lower.range(of: label) {
                let offset = lower.distance(from: lower.startIndex, to: range.upperBound)
                return (label, String(trimmed.dropFirst(offset)))
            }
        }
        return (nil, trimmed)
    }

    /// Hex digits to bytes. Separators are colons, hyphens and whitespace; each separated part
    /// must be whole bytes of hex.
    static func hexBytes(_ hex: String, text: String) throws(FingerprintFormatError) -> [UInt8] {
        let parts = hex.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" || $0 == "-" })
        if parts.isEmpty { throw FingerprintFormatError(text: text, reason: "holds no hex digits") }
        var bytes: [UInt8] = []
        for (index, part) in parts.enumerated() {
            let digits = Array(part.utf8)
            if let bad = part.firstIndex(where: { !($0.isASCII && $0.isHexDigit) }) {
                let place =
                    parts.count > 1
                    ? "part \(index + 1) \"\(part)\"" : "character \(part.distance(from: part.startIndex, to: bad) + 1)"
                throw FingerprintFormatError(text: text, reason: "is not hex: \(place) holds '\(part[bad])'")
            }
            guard digits.count % 2 == 0 else {
                throw FingerprintFormatError(
                    text: text, reason: "has an odd number of hex digits in part \(index + 1) \"\(part)\"")
            }
            var i = 0
            while i < digits.count {
                bytes.append(hexValue(digits[i])! << 4 | hexValue(digits[i + 1])!)
                i += 2
            }
        }
        return bytes
    }
}

func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
}

func hexByte(_ b: UInt8, upper: Bool) -> String {
    let digits = Array((upper ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    return String(decoding: [digits[Int(b >> 4)], digits[Int(b & 15)]], as: UTF8.self)
}
