/// SHA-256 certificate fingerprints in the form Digital Asset Links wants: 32 uppercase hex bytes
/// separated by colons. (A private check; the Fingerprint module owns normalisation elsewhere.)
enum CanonicalFingerprint {
    /// True when `text` is exactly 32 colon-separated uppercase hex bytes.
    static func isCanonical(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 32 * 3 - 1 else { return false }
        for (i, b) in bytes.enumerated() {
            if i % 3 == 2 {
                if b != UInt8(ascii: ":") { return false }
            } else if !((b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F")))
            {
                return false
            }
        }
        return true
    }

    /// The 64 hex digits of a fingerprint written in any common way (colons or not, any case), uppercased;
    /// nil when it is not a SHA-256 fingerprint at all.
    static func digits(_ text: String) -> String? {
        let hex = text.filter { $0 != ":" && $0 != " " }.uppercased()
        guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit }) else { return nil }
        return hex
    }

    /// The canonical form of a fingerprint written in any common way; nil when it is not one.
    static func canonical(_ text: String) -> String? {
        guard let hex = digits(text) else { return nil }
        var out = ""
        for (i, c) in hex.enumerated() {
            if i > 0 && i % 2 == 0 { out.append(":") }
            out.append(c)
        }
        return out
    }
}
