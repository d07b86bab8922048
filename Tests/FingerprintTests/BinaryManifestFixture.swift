/// A minimal encoder of Android binary XML (what aapt writes for AndroidManifest.xml): a string
/// pool (UTF-16 or UTF-8), a resource map for the android: attribute names, the android namespace,
/// `<manifest package=...>` with an optional `targetSandboxVersion`, and `<uses-sdk>` with the
/// SDK levels asked for. apksigner reads it like aapt's output (the oracle tests check that).
struct BinaryManifest {
    var minSdk: Int?
    var minSdkCodename: String?
    var targetSdk: Int?
    var targetSandboxVersion: Int?
    var utf8 = false
    /// Without it the attributes carry no resource id (relops then matches them by name).
    var resourceMap = true

    static let ids: [UInt32] = [0x0101_020c, 0x0101_0270, 0x0101_054c]

    func encoded() -> [UInt8] {
        // Attribute names first: the resource map gives string i the id ids[i].
        var strings = [
            "minSdkVersion", "targetSdkVersion", "targetSandboxVersion", "android",
            "http://schemas.android.com/apk/res/android", "manifest", "uses-sdk", "package", "com.example.app",
        ]
        if let minSdkCodename { strings.append(minSdkCodename) }
        func index(_ text: String) -> UInt32 { UInt32(strings.firstIndex(of: text) ?? 0) }
        let none: UInt32 = 0xFFFF_FFFF
        let android = index("http://schemas.android.com/apk/res/android")

        var body = stringPool(strings)
        if resourceMap { body += chunk(0x0180, header: 8, Self.ids.flatMap(u32)) }
        body += chunk(0x0100, header: 16, u32(1) + u32(none) + u32(index("android")) + u32(android))
        var manifestAttributes = [attribute(none, index("package"), string: index("com.example.app"))]
        if let targetSandboxVersion {
            manifestAttributes.append(attribute(android, index("targetSandboxVersion"), int: targetSandboxVersion))
        }
        body += startElement(index("manifest"), manifestAttributes)
        var sdkAttributes: [[UInt8]] = []
        if let minSdk { sdkAttributes.append(attribute(android, index("minSdkVersion"), int: minSdk)) }
        if let minSdkCodename {
            sdkAttributes.append(attribute(android, index("minSdkVersion"), string: index(minSdkCodename)))
        }
        if let targetSdk { sdkAttributes.append(attribute(android, index("targetSdkVersion"), int: targetSdk)) }
        if !sdkAttributes.isEmpty {
            body += startElement(index("uses-sdk"), sdkAttributes)
            body += chunk(0x0103, header: 16, u32(1) + u32(none) + u32(none) + u32(index("uses-sdk")))
        }
        body += chunk(0x0103, header: 16, u32(1) + u32(none) + u32(none) + u32(index("manifest")))
        body += chunk(0x0101, header: 16, u32(1) + u32(none) + u32(index("android")) + u32(android))
        return chunk(0x0003, header: 8, body)
    }

    func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) } }
    func u32(_ value: Int) -> [UInt8] { u32(UInt32(truncatingIfNeeded: value)) }

    /// A chunk: type, header size, total size, then `rest` (the header's tail and the body).
    func chunk(_ type: Int, header: Int, _ rest: [UInt8]) -> [UInt8] {
        u16(type) + u16(header) + u32(8 + rest.count) + rest
    }

    func stringPool(_ strings: [String]) -> [UInt8] {
        var data: [UInt8] = []
        var offsets: [UInt8] = []
        for text in strings {
            offsets += u32(data.count)
            if utf8 {
                let bytes = Array(text.utf8)
                data += [UInt8(text.utf16.count), UInt8(bytes.count)] + bytes + [0]
            } else {
                data += u16(text.utf16.count) + text.utf16.flatMap { u16(Int($0)) } + [0, 0]
            }
        }
        while data.count % 4 != 0 { data.append(0) }
        let header = 28
        let fields = u32(strings.count) + u32(0) + u32(utf8 ? 0x100 : 0) + u32(header + offsets.count) + u32(0)
        return chunk(0x0001, header: header, fields + offsets + data)
    }

    func attribute(_ namespace: UInt32, _ name: UInt32, int value: Int) -> [UInt8] {
        u32(namespace) + u32(name) + u32(0xFFFF_FFFF as UInt32) + u16(8) + [0, 0x10] + u32(value)
    }

    func attribute(_ namespace: UInt32, _ name: UInt32, string value: UInt32) -> [UInt8] {
        u32(namespace) + u32(name) + u32(value) + u16(8) + [0, 0x03] + u32(value)
    }

    func startElement(_ name: UInt32, _ attributes: [[UInt8]]) -> [UInt8] {
        let fields =
            u32(0xFFFF_FFFF as UInt32) + u32(name) + u16(20) + u16(20) + u16(attributes.count) + u16(0) + u16(0)
            + u16(0)
        return chunk(0x0102, header: 16, u32(1) + u32(0xFFFF_FFFF as UInt32) + fields + attributes.flatMap { $0 })
    }
}
