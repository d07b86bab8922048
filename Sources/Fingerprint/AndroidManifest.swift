/// What APK verification needs from an APK's binary `AndroidManifest.xml` (Android's binary XML,
/// the `RES_XML_TYPE` chunk aapt writes): the SDK levels of `<uses-sdk>` and the manifest's
/// `targetSandboxVersion`. Only the string pool, the resource map and start/end-element chunks
/// are read, every offset checked against the bytes; the rest is skipped.
///
/// Attributes are found as Android and apksigner find them, by resource id (`android:minSdkVersion`
/// is 0x0101020c); an attribute without one (a manifest built without a resource map) is matched by
/// its name in the `android` namespace instead.
public struct AndroidManifest: Sendable, Equatable {
    /// The highest `minSdkVersion` over the `<uses-sdk>` elements under `<manifest>`; 1 without one
    /// (Android's default). A codename (`"Tiramisu"`) counts as the level before its release.
    public let minSdkVersion: Int
    /// `<uses-sdk android:targetSdkVersion>`, else the min SDK (Android's default).
    public let targetSdkVersion: Int
    /// `<manifest android:targetSandboxVersion>`, 1 by default.
    public let targetSandboxVersion: Int

    /// Why the manifest cannot be read: what is wrong, and at which byte.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    static let minSdkID: UInt32 = 0x0101_020c
    static let targetSdkID: UInt32 = 0x0101_0270
    static let targetSandboxID: UInt32 = 0x0101_054c
    static let androidNamespace = "http://schemas.android.com/apk/res/android"

    public init(minSdkVersion: Int, targetSdkVersion: Int, targetSandboxVersion: Int) {
        self.minSdkVersion = minSdkVersion
        self.targetSdkVersion = targetSdkVersion
        self.targetSandboxVersion = targetSandboxVersion
    }

    /// Reads the binary XML in `bytes`.
    public init(binary bytes: [UInt8]) throws(Problem) {
        var parser = try BinaryXML(bytes)
        var minSdk = 1
        var targetSdk: Int?
        var sandbox = 1
        var sawSandbox = false
        while let element = try parser.nextStartElement() {
            guard element.namespace == nil else { continue }
            if element.depth == 1 && element.name == "manifest" && !sawSandbox {
                sawSandbox = true
                if case .int(let value) = try parser.attribute(element, Self.targetSandboxID, "targetSandboxVersion") {
                    sandbox = value
                }
            } else if element.depth == 2 && element.name == "uses-sdk" {
                var elementMin = 1
                switch try parser.attribute(element, Self.minSdkID, "minSdkVersion") {
                case .int(let value): elementMin = value
                case .string(let codename): elementMin = try Self.level(codename: codename)
                case .some(let other):
                    throw Problem(
                        reason: "minSdkVersion has value type 0x\(String(other.type, radix: 16)), not a number")
                case nil: break
                }
                minSdk = max(minSdk, elementMin)
                if targetSdk == nil,
                    case .int(let value) = try parser.attribute(element, Self.targetSdkID, "targetSdkVersion")
                {
                    targetSdk = value
                }
            }
        }
        self.init(minSdkVersion: minSdk, targetSdkVersion: targetSdk ?? minSdk, targetSandboxVersion: sandbox)
    }

    /// apksigner's reading of a pre-release codename: the API level before the one it shipped as.
    static func level(codename: String) throws(Problem) -> Int {
        let known: [(Character, Int)] = [
            ("C", 2), ("D", 3), ("E", 4), ("F", 7), ("G", 8), ("H", 10), ("I", 13), ("J", 15), ("K", 18), ("L", 20),
            ("M", 22), ("N", 23), ("O", 25),
        ]
        guard let first = codename.first, first.isASCII, first.isUppercase, let ascii = first.asciiValue else {
            throw Problem(reason: "minSdkVersion \"\(codename)\" is neither a number nor a platform codename")
        }
        guard let older = known.last(where: { $0.0 <= first }) else { return 1 }
        return older.1 + Int(ascii - (older.0.asciiValue ?? ascii))
    }
}
