import Foundation

/// Protobuf wire bytes encoded here, for shapes no peer writes.
enum ProtobufBytes {
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    static func field(_ number: UInt64, _ contents: [UInt8]) -> [UInt8] {
        varint(number << 3 | 2) + varint(UInt64(contents.count)) + contents
    }

    /// An `XmlNode` whose element is named `name`, with `children` (each an `XmlNode`).
    static func node(_ name: String, children: [[UInt8]]) -> [UInt8] {
        field(1, field(3, Array(name.utf8)) + children.flatMap { field(5, $0) })
    }
}

/// Binary XML encoded here, for shapes no peer writes: a UTF-16 string pool and element chunks.
enum HandmadeBinaryXML {
    static let none: UInt32 = 0xFFFF_FFFF

    static func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) } }

    static func chunk(_ type: Int, header: Int, _ rest: [UInt8]) -> [UInt8] {
        u16(type) + u16(header) + u32(UInt32(8 + rest.count)) + rest
    }

    /// A UTF-16 pool of `strings`; the last one is listed `repeats` more times, at the same offset.
    static func pool(_ strings: [String], repeatingLast repeats: Int = 0) -> [UInt8] {
        var data: [UInt8] = []
        var starts: [UInt32] = []
        for text in strings {
            starts.append(UInt32(data.count))
            data += u16(text.utf16.count) + text.utf16.flatMap { u16(Int($0)) } + [0, 0]
        }
        starts += [UInt32](repeating: starts.last ?? 0, count: repeats)
        let table = starts.flatMap(u32)
        let header = 28
        let fields = u32(UInt32(starts.count)) + u32(0) + u32(0) + u32(UInt32(header + table.count)) + u32(0)
        return chunk(0x0001, header: header, fields + table + data)
    }

    static func start(_ name: UInt32, attributes: [[UInt8]] = []) -> [UInt8] {
        chunk(
            0x0102, header: 16,
            u32(1) + u32(none) + u32(none) + u32(name) + u16(20) + u16(20) + u16(attributes.count) + u16(0) + u16(0)
                + u16(0) + attributes.flatMap { $0 })
    }

    /// An attribute: namespace and name string indices, the `Res_value` type and data, and the raw string.
    static func attribute(_ namespace: UInt32, _ name: UInt32, type: UInt8, _ data: UInt32, raw: UInt32 = none)
        -> [UInt8]
    {
        u32(namespace) + u32(name) + u32(raw) + u16(8) + [0, type] + u32(data)
    }

    static func end(_ name: UInt32) -> [UInt8] { chunk(0x0103, header: 16, u32(1) + u32(none) + u32(none) + u32(name)) }

    /// `<manifest package="com.example.app">` with `depth - 1` nested `<x>` inside.
    static func document(depth: Int) -> [UInt8] {
        let package = u32(none) + u32(1) + u32(2) + u16(8) + [0, 0x03] + u32(2)
        var body = pool(["manifest", "package", "com.example.app", "x"]) + start(0, attributes: [package])
        body += (1..<max(depth, 1)).flatMap { _ in start(3) }
        body += (1..<max(depth, 1)).flatMap { _ in end(3) }
        return chunk(0x0003, header: 8, body + end(0))
    }

    /// `<manifest>` holding `elements` elements, each named by its own index into one long string.
    static func overlappingNames(elements: Int, length: Int) -> [UInt8] {
        let package = u32(none) + u32(1) + u32(2) + u16(8) + [0, 0x03] + u32(2)
        let long = String(repeating: "m", count: length)
        var body = pool(["manifest", "package", "com.example.app", long], repeatingLast: elements)
        body += start(0, attributes: [package])
        body += (3..<UInt32(3 + elements)).flatMap { start($0) + end($0) }
        return chunk(0x0003, header: 8, body + end(0))
    }

    /// A manifest with no resource map (attributes found by name), a referenced versionName, a
    /// boolean autoVerify written as aapt writes true (0xFFFFFFFF), and `extraEnd` end elements more.
    static func withoutResourceMap(extraEnd: Int = 0) -> [UInt8] {
        let strings = [
            "manifest", "package", "com.example.app", "android", "http://schemas.android.com/apk/res/android",
            "application", "activity", "name", ".Main", "intent-filter", "autoVerify", "data", "host", "example.org",
            "versionName",
        ]
        func index(_ text: String) -> UInt32 { UInt32(strings.firstIndex(of: text) ?? 0) }
        let android = index("http://schemas.android.com/apk/res/android")
        var body = pool(strings)
        body += chunk(0x0100, header: 16, u32(1) + u32(none) + u32(index("android")) + u32(android))
        body += start(
            index("manifest"),
            attributes: [
                attribute(none, index("package"), type: 0x03, index("com.example.app")),
                attribute(android, index("versionName"), type: 0x01, 0x7f0e_0001),
            ])
        body += start(index("application"))
        body += start(index("activity"), attributes: [attribute(android, index("name"), type: 0x03, index(".Main"))])
        body += start(index("intent-filter"), attributes: [attribute(android, index("autoVerify"), type: 0x12, none)])
        body += start(index("data"), attributes: [attribute(android, index("host"), type: 0x03, index("example.org"))])
        for name in ["data", "intent-filter", "activity", "application", "manifest"] { body += end(index(name)) }
        body += (0..<extraEnd).flatMap { _ in end(index("manifest")) }
        return chunk(0x0003, header: 8, body)
    }

    static func firstStartElement(in bytes: [UInt8]) -> Int? {
        (0..<(bytes.count - 3)).first { bytes[$0] == 0x02 && bytes[$0 + 1] == 0x01 && bytes[$0 + 2] == 16 }
    }
}
