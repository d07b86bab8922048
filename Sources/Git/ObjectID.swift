internal import CGit2

/// A git object id (SHA-1): 20 raw bytes, stored inline (no allocation per id).
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    private var storage: (UInt64, UInt64, UInt32) = (0, 0, 0)

    /// The raw bytes, 20 of them.
    public var bytes: [UInt8] {
        var copy = storage
        return withUnsafeBytes(of: &copy) { Array($0.prefix(20)) }
    }

    init(_ oid: git_oid) {
        var copy = oid
        withUnsafeMutableBytes(of: &storage) { target in
            withUnsafeBytes(of: &copy.id) { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(20))) }
        }
    }

    /// An id from the 20 raw bytes at `raw` (inside a file git wrote).
    init(raw: UnsafeRawPointer) {
        withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: 20)) }
    }

    /// An id from its 20 raw bytes (a SHA-1 computed elsewhere); nil for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 20 else { return nil }
        withUnsafeMutableBytes(of: &storage) { target in
            bytes.withUnsafeBytes { target.copyMemory(from: $0) }
        }
    }

    public static func == (a: ObjectID, b: ObjectID) -> Bool {
        a.storage.0 == b.storage.0 && a.storage.1 == b.storage.1 && a.storage.2 == b.storage.2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.0)
        hasher.combine(storage.1)
        hasher.combine(storage.2)
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
        self.init(bytes: out)
    }

    var raw: git_oid {
        var oid = git_oid()
        var copy = storage
        withUnsafeMutableBytes(of: &oid.id) { target in
            withUnsafeBytes(of: &copy) { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(20))) }
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

    /// The id of no object (all zeros).
    static let zero = ObjectID(git_oid())

    /// True for the all-zero id that libgit2 uses for "no object".
    public var isZero: Bool { storage.0 == 0 && storage.1 == 0 && storage.2 == 0 }
}

private func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
}
