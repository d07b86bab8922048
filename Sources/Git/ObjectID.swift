internal import CGit2

/// A git object id (SHA-1), as 20 raw bytes.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    /// The raw bytes, 20 of them.
    public let bytes: [UInt8]

    init(_ oid: git_oid) {
        var copy = oid
        bytes = withUnsafeBytes(of: &copy.id) { Array($0) }
    }

    /// Parses 40 hex digits; nil for anything else.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 40 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(20)
        var i = 0
        while i < 40 {
            guard let hi = hexValue(utf8[i]), let lo = hexValue(utf8[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        bytes = out
    }

    var raw: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { target in
            for (i, b) in bytes.enumerated() where i < target.count { target[i] = b }
        }
        return oid
    }

    /// The 40-digit lowercase hex form.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(40)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The first seven hex digits, as `git log --oneline` shows them.
    public var short: String { String(hex.prefix(7)) }

    public var description: String { hex }

    /// True for the all-zero id that libgit2 uses for "no object".
    public var isZero: Bool { bytes.allSatisfy { $0 == 0 } }
}

private func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
}
