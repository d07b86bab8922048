/// Writes JSON text as it goes, byte for byte as `JSONValue.rendered(pretty: true)` would write
/// the same tree, without building the tree: for results with thousands of entries (a scan),
/// where making and freeing the tree cost more than the scan's own work.
public struct JSONWriter: Sendable {
    /// The UTF-8 text so far.
    public private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// True until the current object or array gets its first entry.
    private var empty = true
    /// The pieces of text before `bytes` (`array(splicing:)`).
    private var finished: [[UInt8]] = []
    /// How many times `bytes` started again after a piece moved to `finished` (`Written`).
    private var piece = 0
    /// A line break and then spaces: `newline` takes its first `depth * 2 + 1` bytes. Each writer
    /// has its own: writers on other threads (`fragment`) would otherwise all retain one array.
    private let lineBreaks: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 64)

    /// A writer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    /// The text written, once the outermost value is complete.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// An object whose fields `body` writes (each with `key` then one value).
    public mutating func object(_ body: (inout JSONWriter) -> Void) { container(0x7B, 0x7D, body) }

    /// An array of `items`, each written by `each` (one value per item). Inlinable, so a caller in
    /// another module writes it specialised (every occurrence of a scan has one: its products).
    @inlinable
    public mutating func array<C: Collection>(_ items: C, _ each: (inout JSONWriter, C.Element) -> Void) {
        container(0x5B, 0x5D) { writer in
            for item in items {
                writer.separate()
                each(&writer, item)
            }
        }
    }

    /// An array of `count` items, item `k` written by `each`: `array(_:_:)` without a collection,
    /// so a caller in another module does not go through unspecialised generic code per item.
    public mutating func array(count: Int, _ each: (inout JSONWriter, Int) -> Void) {
        container(0x5B, 0x5D) { writer in
            for k in 0..<count {
                writer.separate()
                each(&writer, k)
            }
        }
    }

    /// A writer for some of the items of an array that this writer is about to write with
    /// `array(joining:)`: the items are written apart (on other threads), at the depth they will
    /// stand at, each with `item`.
    public func fragment(capacity: Int = 1 << 16) -> JSONWriter {
        var writer = JSONWriter(capacity: capacity)
        writer.depth = depth + 1
        return writer
    }

    /// The next item of a `fragment`: a value written by `body`.
    public mutating func item(_ body: (inout JSONWriter) -> Void) {
        separate()
        body(&self)
    }

    /// An array of the items of `fragments`, in order: the same bytes as `array` writing every
    /// item in one writer.
    public mutating func array(joining fragments: [JSONWriter]) {
        container(0x5B, 0x5D) { writer in
            for fragment in fragments where !fragment.empty {
                // A fragment's first item was written without the comma that follows an earlier item.
                if !writer.empty { writer.bytes.append(0x2C) }
                writer.bytes += fragment.bytes
                writer.empty = false
            }
        }
    }

    /// `array(joining:)` without copying the fragments into this writer: the text so far and each
    /// fragment become pieces of `chunks`, which, written one after the other, are the same bytes.
    public mutating func array(splicing fragments: [JSONWriter]) {
        container(0x5B, 0x5D) { writer in
            for fragment in fragments where !fragment.empty {
                if !writer.empty { writer.bytes.append(0x2C) }
                writer.finished.append(writer.bytes)
                writer.finished.append(fragment.bytes)
                writer.bytes = []
                writer.piece += 1
                writer.empty = false
            }
        }
    }

    /// The text in pieces, in order: one piece unless `array(splicing:)` was used.
    public var chunks: [[UInt8]] { finished + [bytes] }

    /// The next field's key written once, ahead of time (`JSONKey`), inside `object`: for the
    /// fields of thousands of entries.
    public mutating func key(_ name: JSONKey) {
        separate()
        // Through a buffer pointer: `append(contentsOf:)` takes an array owned, a retain and a
        // release of the key's bytes per field.
        name.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    /// A field with a string value and a key written ahead of time.
    public mutating func field(_ name: JSONKey, _ value: String) {
        key(name)
        string(value)
    }

    /// A field with an int value and a key written ahead of time.
    public mutating func field(_ name: JSONKey, _ value: Int) {
        key(name)
        int(value)
    }

    /// The next field's key, inside `object`.
    public mutating func key(_ name: String) {
        separate()
        JSONValue.writeString(name, into: &bytes)
        bytes.append(0x3A)
        bytes.append(0x20)
    }

    /// A string value, escaped as `JSONValue` escapes it.
    public mutating func string(_ value: String) { JSONValue.writeString(value, into: &bytes) }
    /// A string value, or `null` for nil.
    public mutating func string(_ value: String?) { value.map { string($0) } ?? null() }
    /// An integer value.
    public mutating func int(_ value: Int) {
        guard value >= 0 else {
            bytes += String(value).utf8
            return
        }
        // Digits written from the end of a small buffer, then appended at once: no `String` per number.
        var n = value
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var k = digits.count
            repeat {
                k -= 1
                digits[k] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
            } while n > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[k...]))
        }
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) { bytes += (value ? "true" : "false").utf8 }
    /// `null`.
    public mutating func null() { bytes += "null".utf8 }

    /// A field with a string value.
    public mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// A field with an int value.
    public mutating func field(_ name: String, _ value: Int) {
        key(name)
        int(value)
    }

    /// Where a value was written in this writer, and at what depth (`value(repeating:_:)`).
    public struct Written: Sendable {
        fileprivate let range: Range<Int>
        fileprivate let depth: Int
        fileprivate let piece: Int
    }

    /// A value written by `body`, or, when `earlier` says where the same value was written before
    /// at this depth, a copy of those bytes (the caller knows the value is the same: the list of
    /// products a file's occurrences share, written once per occurrence). `earlier` is then where
    /// this one stands. Nil `earlier` (or another depth, or text since spliced: `array(splicing:)`)
    /// writes the value.
    public mutating func value(repeating earlier: inout Written?, _ body: (inout JSONWriter) -> Void) {
        let start = bytes.count
        if let known = earlier, known.depth == depth, known.piece == piece {
            let count = known.range.count
            bytes.reserveCapacity(start + count)
            bytes.append(contentsOf: repeatElement(0, count: count))
            bytes.withUnsafeMutableBufferPointer { all in
                (all.baseAddress! + start).update(from: all.baseAddress! + known.range.lowerBound, count: count)
            }
        } else {
            body(&self)
        }
        earlier = Written(range: start..<bytes.count, depth: depth, piece: piece)
    }

    @usableFromInline
    mutating func container(_ open: UInt8, _ close: UInt8, _ body: (inout JSONWriter) -> Void) {
        bytes.append(open)
        let outer = empty
        empty = true
        depth += 1
        body(&self)
        depth -= 1
        if !empty { newline() }
        bytes.append(close)
        empty = outer
    }

    @usableFromInline
    mutating func separate() {
        if !empty { bytes.append(0x2C) }
        empty = false
        newline()
    }

    private mutating func newline() {
        // A line break and the indent of `depth`, in one append (written per line of output).
        let indent = depth * 2
        if indent < lineBreaks.count - 1 {
            lineBreaks.withUnsafeBufferPointer {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<(indent + 1)]))
            }
        } else {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(0x20, count: indent))
        }
    }
}

/// A field name as `JSONWriter` writes it (quoted, escaped, then `: `), made once.
public struct JSONKey: Sendable {
    let bytes: [UInt8]

    /// The key `name`.
    public init(_ name: String) {
        var bytes: [UInt8] = []
        JSONValue.writeString(name, into: &bytes)
        self.bytes = bytes + [0x3A, 0x20]
    }
}
