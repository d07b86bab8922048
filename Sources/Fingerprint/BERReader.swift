/// A minimal BER reader (X.690): enough to find the certificates of a PKCS#7 SignedData as they
/// are stored, indefinite lengths included, so a fingerprint is taken over the stored bytes and
/// never over a re-encoding.
struct BERElement {
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
