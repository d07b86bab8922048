/// 1-based line numbers of increasing offsets in one buffer, counting each byte once.
public struct LineCounter {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The line of `target`, which is at or after the previous call's offset.
    public mutating func line(at target: Int) -> Int {
        while offset < target && offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
            offset += 1
        }
        return line
    }
}
