/// The `PBXNativeTarget`s of a `project.pbxproj`, read in one pass over its bytes: for each
/// object whose `isa = PBXNativeTarget;`, its `name` and the product type after
/// `com.apple.product-type.`, both within the object (before its `}`). Time linear in the size of
/// the file, whatever it holds.
struct PBXTargetReader {
    private let bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }

    /// (name, product type) of each native target, in file order.
    func nativeTargets() -> [(name: String, type: String)] {
        var found: [(String, String)] = []
        var at = 0
        while let isa = find("isa = PBXNativeTarget;", from: at, to: bytes.count) {
            let start = isa + 22
            let end = find("}", from: start, to: bytes.count) ?? bytes.count
            at = end
            guard let (name, afterName) = nameValue(from: start, to: end),
                let typeAt = find("productType = \"com.apple.product-type.", from: afterName, to: end)
            else { continue }
            var k = typeAt + 38
            let typeStart = k
            while k < end && isTypeByte(bytes[k]) { k += 1 }
            guard k > typeStart, k + 1 < end, bytes[k] == 0x22, bytes[k + 1] == 0x3B else { continue }
            found.append((name, String(decoding: bytes[typeStart..<k], as: UTF8.self)))
        }
        return found
    }

    /// The first `name = "?VALUE"?;` in the range whose `name` starts a word, and where it ends.
    private func nameValue(from start: Int, to end: Int) -> (String, Int)? {
        var at = start
        while let key = find("name = ", from: at, to: end) {
            at = key + 1
            if key > 0 && isWordByte(bytes[key - 1]) { continue }
            var k = key + 7
            if k < end && bytes[k] == 0x22 { k += 1 }
            let valueStart = k
            while k < end && bytes[k] != 0x22 && bytes[k] != 0x3B { k += 1 }
            guard k > valueStart else { continue }
            let valueEnd = k
            if k < end && bytes[k] == 0x22 { k += 1 }
            guard k < end && bytes[k] == 0x3B else { continue }
            return (String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self), k + 1)
        }
        return nil
    }

    /// The first offset of `needle` in `start..<end`.
    private func find(_ needle: StaticString, from start: Int, to end: Int) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard count > 0, end - start >= count else { return nil }
        let p = needle.utf8Start
        let first = p[0]
        var at = start
        while at + count <= end {
            if bytes[at] == first {
                var k = 1
                while k < count && bytes[at + k] == p[k] { k += 1 }
                if k == count { return at }
            }
            at += 1
        }
        return nil
    }

    private func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    /// `[a-z.-]`: the characters of a product type after `com.apple.product-type.`.
    private func isTypeByte(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x2D }
}
