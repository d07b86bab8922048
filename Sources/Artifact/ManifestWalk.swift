/// The `android:` attributes the manifest walk reads, with the resource ids the platform gives them
/// (`frameworks/base/core/res/res/values/public.xml`): binary and protobuf XML name them by id.
enum ManifestAttribute: CaseIterable {
    case name, scheme, host, autoVerify, versionCode, versionName, versionCodeMajor

    var resourceID: UInt32 {
        switch self {
        case .name: 0x0101_0003
        case .scheme: 0x0101_0027
        case .host: 0x0101_0028
        case .autoVerify: 0x0101_04ee
        case .versionCode: 0x0101_021b
        case .versionName: 0x0101_021c
        case .versionCodeMajor: 0x0101_0576
        }
    }

    /// The attribute's name in the android namespace, for attributes that carry no resource id.
    var xmlName: String {
        switch self {
        case .name: "name"
        case .scheme: "scheme"
        case .host: "host"
        case .autoVerify: "autoVerify"
        case .versionCode: "versionCode"
        case .versionName: "versionName"
        case .versionCodeMajor: "versionCodeMajor"
        }
    }

    static let androidNamespace = "http://schemas.android.com/apk/res/android"

    /// The attribute with resource id `id`, if the walk reads it.
    static func with(resourceID id: UInt32) -> ManifestAttribute? { allCases.first { $0.resourceID == id } }

    /// The attribute named `name` in the android namespace, if the walk reads it.
    static func with(xmlName name: String) -> ManifestAttribute? { allCases.first { $0.xmlName == name } }
}

/// An attribute value as both formats give it, before the walk reads it as what the attribute means.
enum ManifestValue: Equatable {
    case string(String)
    case int(Int)
    case boolean(Bool)
    /// A resource reference (`@string/app_host` compiled to its id), which relops does not resolve.
    case reference(UInt32)
    /// A value of a type the walk does not read, described (`value type 0x5`).
    case other(String)
}

/// One start element as the readers hand it to the walk: its name (`prefix:name` for a namespaced
/// element, which the walk never matches), where it is, and the attributes the walk reads.
struct ManifestElement {
    let name: String
    /// The byte offset of the element in its file, for messages.
    let offset: Int
    /// `<manifest package>` (no namespace); readers fill it for the root element only.
    var package: ManifestValue?
    var attributes: [ManifestAttribute: ManifestValue] = [:]
}

/// What makes an `AndroidAppManifest` of a manifest's elements, written once for both formats: the
/// readers call `enter` and `exit` in document order, then `manifest()`.
///
/// Only these elements count: `<manifest>` at the root; `<activity>` and `<activity-alias>` directly
/// under `<manifest><application>`; `<intent-filter>` directly under one of them; and `<action>`,
/// `<category>` and `<data>` directly under that filter. The `<data>` elements of one filter combine.
struct ManifestWalk {
    /// Deeper nesting than this is not a manifest (a real one is about 6 deep).
    static let maximumDepth = 64
    static let components: Set<String> = ["activity", "activity-alias"]

    /// The file named in problems: `AndroidManifest.xml`.
    let file: String
    private var path: [String] = []
    private var sawRoot = false
    private var rootOffset = 0
    private var package: String?
    private var versionCode: Int?
    private var versionCodeMajor: Int?
    private var versionName: String?
    private var unresolved: [String] = []
    private var component: String?
    private var filter: IntentFilter?
    private var filters: [IntentFilter] = []

    init(file: String) { self.file = file }

    func problem(_ reason: String, at offset: Int) -> ArtifactProblem {
        ArtifactProblem("\(file): byte \(offset): \(reason)")
    }

    mutating func enter(_ element: ManifestElement) throws(ArtifactProblem) {
        guard path.count < Self.maximumDepth else {
            throw problem("<\(element.name)> is nested deeper than \(Self.maximumDepth) elements", at: element.offset)
        }
        switch path.count {
        case 0:
            guard !sawRoot else { throw problem("a second root element <\(element.name)>", at: element.offset) }
            guard element.name == "manifest" else {
                throw problem("the root element is <\(element.name)>, not <manifest>", at: element.offset)
            }
            sawRoot = true
            rootOffset = element.offset
            try readManifest(element)
        case 2 where path == ["manifest", "application"] && Self.components.contains(element.name):
            switch element.attributes[.name] {
            case .string(let name): component = name
            case .some(let value): component = Self.describe(value)
            case nil: throw problem("<\(element.name)> has no android:name", at: element.offset)
            }
        case 3 where element.name == "intent-filter":
            guard let component else { break }
            var opened = IntentFilter(component: component)
            opened.autoVerify = flag(element, .autoVerify, into: &opened.unresolved)
            filter = opened
        case 4 where path.last == "intent-filter":
            guard var opened = filter else { break }
            readFilterChild(element, into: &opened)
            filter = opened
        default:
            break
        }
        path.append(element.name)
    }

    mutating func exit(at offset: Int) throws(ArtifactProblem) {
        guard let closing = path.popLast() else { throw problem("an end element closes no element", at: offset) }
        if path.count == 3, closing == "intent-filter", let closed = filter {
            filters.append(closed)
            filter = nil
        } else if path.count == 2, Self.components.contains(closing) {
            component = nil
        }
    }

    /// The manifest read, once every element is closed.
    func manifest(endingAt offset: Int) throws(ArtifactProblem) -> AndroidAppManifest {
        guard sawRoot else { throw problem("there is no <manifest> element", at: offset) }
        if let open = path.last { throw problem("<\(open)> is not closed before the end", at: offset) }
        guard let package else { throw problem("<manifest> has no package attribute", at: rootOffset) }
        var code: Int?
        // A referenced code or major leaves the version unknown, not a guess from the other half.
        let referenced = unresolved.contains { $0.hasPrefix("android:versionCode") }
        if !referenced, versionCode != nil || versionCodeMajor != nil {
            // As Android's getLongVersionCode: the major in the upper 32 bits, the code unsigned below.
            let low = UInt64(UInt32(truncatingIfNeeded: versionCode ?? 0))
            let high = UInt64(UInt32(truncatingIfNeeded: versionCodeMajor ?? 0)) << 32
            code = Int(truncatingIfNeeded: high | low)
        }
        return AndroidAppManifest(
            package: package, versionCode: code, versionName: versionName, intentFilters: filters,
            unresolved: unresolved)
    }

    private mutating func readManifest(_ element: ManifestElement) throws(ArtifactProblem) {
        switch element.package {
        case .string(let value): package = value
        case .some(let value):
            throw problem("<manifest package> is \(Self.describe(value)), not a string", at: element.offset)
        case nil: break
        }
        versionCode = try number(element, .versionCode)
        versionCodeMajor = try number(element, .versionCodeMajor)
        versionName = text(element, .versionName, into: &unresolved)
    }

    private func readFilterChild(_ element: ManifestElement, into filter: inout IntentFilter) {
        switch element.name {
        case "action":
            if let name = text(element, .name, into: &filter.unresolved) { filter.actions.append(name) }
        case "category":
            if let name = text(element, .name, into: &filter.unresolved) { filter.categories.append(name) }
        case "data":
            if let scheme = text(element, .scheme, into: &filter.unresolved), !filter.schemes.contains(scheme) {
                filter.schemes.append(scheme)
            }
            if let host = text(element, .host, into: &filter.unresolved), !filter.hosts.contains(host) {
                filter.hosts.append(host)
            }
        default:
            break
        }
    }

    /// The attribute as text; a reference or an unread type goes to `unresolved` instead.
    private func text(_ element: ManifestElement, _ attribute: ManifestAttribute, into unresolved: inout [String])
        -> String?
    {
        switch element.attributes[attribute] {
        case .string(let value): return value
        case .int(let value): return String(value)
        case .boolean(let value): return String(value)
        case .some(let value):
            unresolved.append("android:\(attribute.xmlName)=\(Self.describe(value))")
            return nil
        case nil: return nil
        }
    }

    /// The attribute as a boolean (`true`, `1` or any non-zero number); a reference goes to
    /// `unresolved` and counts as false.
    private func flag(_ element: ManifestElement, _ attribute: ManifestAttribute, into unresolved: inout [String])
        -> Bool
    {
        switch element.attributes[attribute] {
        case .boolean(let value): return value
        case .int(let value): return value != 0
        case .string(let value): return value.lowercased() == "true" || value == "1"
        case .some(let value):
            unresolved.append("android:\(attribute.xmlName)=\(Self.describe(value))")
            return false
        case nil: return false
        }
    }

    /// The attribute as a number; a reference goes to the manifest's `unresolved`.
    private mutating func number(_ element: ManifestElement, _ attribute: ManifestAttribute) throws(ArtifactProblem)
        -> Int?
    {
        switch element.attributes[attribute] {
        case .int(let value): return value
        case .string(let value):
            guard let number = Int32(value).map(Int.init) ?? UInt32(value).map(Int.init) else {
                throw problem("android:\(attribute.xmlName) \"\(value)\" is not a number", at: element.offset)
            }
            return number
        case .some(let value):
            unresolved.append("android:\(attribute.xmlName)=\(Self.describe(value))")
            return nil
        case nil: return nil
        }
    }

    static func describe(_ value: ManifestValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .int(let number): String(number)
        case .boolean(let flag): String(flag)
        case .reference(let id):
            "@0x" + String(repeating: "0", count: max(0, 8 - String(id, radix: 16).count)) + String(id, radix: 16)
        case .other(let description): "(\(description))"
        }
    }
}
