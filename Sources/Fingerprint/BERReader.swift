/// A minimal BER reader (X.690): enough to find the certificates of a PKCS#7 SignedData as they
/// are stored, indefinite lengths included, so a fingerprint is taken over the stored bytes and
/// never over a re-encoding.
package struct BERElement {
    /// The identifier octet (`0x30` SEQUENCE, `0xA0` [0] constructed, ...); single-byte tags only.
    let tag: UInt8
    /// The whole element: identifier, length and contents (and end-of-contents when indefinite).
    let encoded: ArraySlice<UInt8>
    /// The contents, without the end-of-contents octets of an indefinite length.
    let contents: ArraySlice<UInt8>

    var isConstructed: Bool { tag & 0x20 != 0 }

    /// The elements inside a constructed element.
    func children() throws(TruncatedInput) -> [BERElement] {
        var out: [BERElement] = []
        var offset = contents.startIndex
        while offset < contents.endIndex {
            let child = try BERElement.read(contents, at: offset, depth: 0)
            out.append(child)
            offset = child.encoded.endIndex
        }
        return out
    }

    /// Reads the element starting at `offset` of `bytes`.
    static func read(_ bytes: ArraySlice<UInt8>, at offset: Int, depth: Int) throws(TruncatedInput) -> BERElement {
        guard depth < 64, offset < bytes.endIndex else { throw TruncatedInput(offset: offset) }
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { throw TruncatedInput(offset: offset) }  // multi-byte tags: not in PKCS#7
        var cursor = offset + 1
        guard cursor < bytes.endIndex else { throw TruncatedInput(offset: cursor) }
        let first = bytes[cursor]
        cursor += 1
        if first == 0x80 {
            // Indefinite length: constructed only, contents run to the matching end-of-contents.
            guard tag & 0x20 != 0 else { throw TruncatedInput(offset: offset) }
            let start = cursor
            while true {
                guard cursor + 1 < bytes.endIndex else { throw TruncatedInput(offset: cursor) }
                if bytes[cursor] == 0 && bytes[cursor + 1] == 0 {
                    return BERElement(
                        tag: tag, encoded: bytes[offset..<(cursor + 2)], contents: bytes[start..<cursor])
                }
                cursor = try read(bytes, at: cursor, depth: depth + 1).encoded.endIndex
            }
        }
        var length = Int(first)
        if first & 0x80 != 0 {
            let count = Int(first & 0x7F)
            guard count <= 4, cursor + count <= bytes.endIndex else { throw TruncatedInput(offset: cursor) }
            length = 0
            for byte in bytes[cursor..<(cursor + count)] { length = length << 8 | Int(byte) }
            cursor += count
        }
        guard length <= bytes.endIndex - cursor else { throw TruncatedInput(offset: cursor) }
        return BERElement(
            tag: tag, encoded: bytes[offset..<(cursor + length)], contents: bytes[cursor..<(cursor + length)])
    }

    /// The certificates of a PKCS#7 / CMS SignedData (ContentInfo), each exactly as stored.
    static func signedDataCertificates(_ bytes: [UInt8]) throws(TruncatedInput) -> [[UInt8]] {
        let contentInfo = try read(bytes[...], at: 0, depth: 0)
        let parts = try contentInfo.children()
        guard parts.count >= 2, parts[1].tag == 0xA0 else { throw TruncatedInput(offset: 0) }
        guard let signedData = try parts[1].children().first, signedData.tag == 0x30 else {
            throw TruncatedInput(offset: parts[1].contents.startIndex)
        }
        guard let bag = try signedData.children().first(where: { $0.tag == 0xA0 }) else { return [] }
        return try bag.children().map { Array($0.encoded) }
    }
}

extension BERElement {
    /// What Android checks in the first SignerInfo's signed attributes.
    struct SignerAttributes {
        /// Whether the SignerInfo has signed attributes at all.
        let signed: Bool
        /// The content-type attribute's OID (contents octets), when present.
        let contentType: [UInt8]?
        /// SignedData's encapsulated content type (contents octets), normally `data`.
        let encapsulatedContentType: [UInt8]
        /// The SignerInfo's digest and signature algorithm OIDs, dotted (empty when absent).
        var digestAlgorithm = ""
        var signatureAlgorithm = ""
    }

    /// The signed attributes of the first SignerInfo of a PKCS#7 / CMS SignedData (ContentInfo).
    static func firstSignerAttributes(_ bytes: [UInt8]) throws(TruncatedInput) -> SignerAttributes {
        let contentInfo = try read(bytes[...], at: 0, depth: 0)
        let parts = try contentInfo.children()
        guard parts.count >= 2, let signedData = try parts[1].children().first else { throw TruncatedInput(offset: 0) }
        let fields = try signedData.children()
        guard fields.count >= 4, let type = try fields[2].children().first, type.tag == 0x06,
            let infos = fields.last, infos.tag == 0x31
        else { throw TruncatedInput(offset: signedData.contents.startIndex) }
        let encapsulated = Array(type.contents)
        guard let info = try infos.children().first else {
            return SignerAttributes(signed: false, contentType: nil, encapsulatedContentType: encapsulated)
        }
        let infoFields = try info.children()
        func algorithm(_ element: BERElement?) throws(TruncatedInput) -> String {
            guard let element, element.tag == 0x30, let oid = try element.children().first, oid.tag == 0x06 else {
                return ""
            }
            return oidText(Array(oid.contents))
        }
        let digest = try algorithm(infoFields.count > 2 ? infoFields[2] : nil)
        let signature = try algorithm(infoFields.dropFirst(3).first { $0.tag == 0x30 })
        guard let attributes = infoFields.first(where: { $0.tag == 0xA0 }) else {
            return SignerAttributes(
                signed: false, contentType: nil, encapsulatedContentType: encapsulated, digestAlgorithm: digest,
                signatureAlgorithm: signature)
        }
        let contentTypeOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x03]
        for attribute in try attributes.children() {
            let pair = try attribute.children()
            guard pair.count == 2, pair[0].tag == 0x06, pair[0].contents.elementsEqual(contentTypeOID) else { continue }
            let values = try pair[1].children()
            guard values.count == 1, values[0].tag == 0x06 else {
                throw TruncatedInput(offset: pair[1].contents.startIndex)
            }
            return SignerAttributes(
                signed: true, contentType: Array(values[0].contents), encapsulatedContentType: encapsulated,
                digestAlgorithm: digest, signatureAlgorithm: signature)
        }
        return SignerAttributes(
            signed: true, contentType: nil, encapsulatedContentType: encapsulated, digestAlgorithm: digest,
            signatureAlgorithm: signature)
    }

    /// An OBJECT IDENTIFIER's contents in dotted form (`1.2.840.113549.1.7.1`).
    static func oidText(_ contents: [UInt8]) -> String {
        guard let first = contents.first else { return "empty" }
        var parts = [first < 80 ? Int(first) / 40 : 2, first < 80 ? Int(first) % 40 : Int(first) - 80]
        var value = 0
        for byte in contents.dropFirst() {
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 {
                parts.append(value)
                value = 0
            }
        }
        return parts.map(String.init).joined(separator: ".")
    }
}

/// Why the BER of a signed container cannot be read: the byte offset where it stops making sense.
package struct MalformedBER: Error, Sendable {
    /// The offset into the bytes given.
    package let offset: Int
}

extension BERElement {
    /// The encapsulated content of a CMS / PKCS#7 SignedData (ContentInfo): the bytes of its
    /// `eContent` OCTET STRING, the pieces of a constructed (BER) one joined. The signature is not
    /// checked. Nil when the SignedData carries no content (a detached signature).
    package static func signedDataContent(_ bytes: [UInt8]) throws(MalformedBER) -> [UInt8]? {
        do throws(TruncatedInput) {
            let contentInfo = try read(bytes[...], at: 0, depth: 0)
            let parts = try contentInfo.children()
            guard contentInfo.tag == 0x30, parts.count >= 2, parts[1].tag == 0xA0,
                let signedData = try parts[1].children().first, signedData.tag == 0x30
            else { throw TruncatedInput(offset: contentInfo.contents.startIndex) }
            let fields = try signedData.children()
            guard fields.count >= 3, fields[2].tag == 0x30 else {
                throw TruncatedInput(offset: signedData.contents.startIndex)
            }
            let encapsulated = try fields[2].children()
            guard let explicit = encapsulated.dropFirst().first else { return nil }
            guard explicit.tag == 0xA0, let content = try explicit.children().first else {
                throw TruncatedInput(offset: explicit.encoded.startIndex)
            }
            return try octets(content, depth: 0)
        } catch {
            throw MalformedBER(offset: error.offset)
        }
    }

    /// An OCTET STRING's bytes: primitive (`0x04`), or constructed (`0x24`) from primitive pieces.
    static func octets(_ element: BERElement, depth: Int) throws(TruncatedInput) -> [UInt8] {
        switch element.tag {
        case 0x04: return Array(element.contents)
        case 0x24 where depth < 8:
            var out: [UInt8] = []
            for piece in try element.children() { out += try octets(piece, depth: depth + 1) }
            return out
        default: throw TruncatedInput(offset: element.encoded.startIndex)
        }
    }
}
