import Fingerprint

extension AndroidAppManifest {
    /// Reads an APK's binary XML `AndroidManifest.xml` (aapt's `RES_XML_TYPE` chunk). Attributes are
    /// found by resource id, or by name in the android namespace when they carry none; a resource
    /// reference is not resolved but listed in `unresolved`.
    public init(binaryXML bytes: [UInt8]) throws(ArtifactProblem) {
        let file = "AndroidManifest.xml"
        func reading<T>(_ body: () throws(AndroidManifest.Problem) -> T) throws(ArtifactProblem) -> T {
            do { return try body() } catch { throw ArtifactProblem("\(file): \(error.reason)") }
        }
        var walk = ManifestWalk(file: file)
        var parser = try reading { () throws(AndroidManifest.Problem) in try BinaryXML(bytes) }
        while let event = try reading({ () throws(AndroidManifest.Problem) in try parser.nextEvent() }) {
            switch event {
            case .start(let element):
                try walk.enter(
                    try reading { () throws(AndroidManifest.Problem) in try Self.element(element, of: &parser) })
            case .end(let offset):
                try walk.exit(at: offset)
            }
        }
        self = try walk.manifest(endingAt: bytes.count)
    }

    /// Reads an AAB's protobuf `base/manifest/AndroidManifest.xml` (aapt2's `XmlNode`). A value is
    /// read from the attribute's compiled item when that is a primitive (a boolean, a number) or a
    /// reference (listed in `unresolved`), else from its string.
    public init(protobufXML bytes: [UInt8]) throws(ArtifactProblem) {
        var reader = ProtobufXMLReader(bytes, walk: ManifestWalk(file: "base/manifest/AndroidManifest.xml"))
        try reader.readDocument()
        self = try reader.walk.manifest(endingAt: bytes.count)
    }

    /// The start element as the walk reads it: its name and the attributes the walk knows.
    private static func element(_ element: BinaryXML.Element, of parser: inout BinaryXML)
        throws(AndroidManifest.Problem) -> ManifestElement
    {
        var name = element.name
        if let namespace = element.namespace { name = namespace + ":" + name }
        var read = ManifestElement(name: name, offset: element.offset)
        guard element.namespace == nil else { return read }
        if element.depth == 1 {
            read.package = try parser.plainAttribute(element, "package").map(Self.value)
        }
        for attribute in ManifestAttribute.allCases {
            if let value = try parser.attribute(element, attribute.resourceID, attribute.xmlName) {
                read.attributes[attribute] = Self.value(value)
            }
        }
        return read
    }

    private static func value(_ value: BinaryXML.Value) -> ManifestValue {
        switch value {
        case .int(let number): .int(number)
        case .string(let text), .raw(let text): .string(text)
        case .reference(let id): .reference(id)
        case .other(let type): .other("value type 0x" + String(type, radix: 16))
        }
    }
}
