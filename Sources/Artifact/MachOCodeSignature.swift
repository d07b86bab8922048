/// The entitlements a Mach-O slice is signed with: `LC_CODE_SIGNATURE` → its
/// `linkedit_data_command` (`dataoff`, `datasize`) → the embedded-signature SuperBlob
/// (`0xfade0cc0`, big-endian) → the entitlements blob (`0xfade7171`, slot 5), an XML property
/// list after its 8-byte header. Every offset and size is checked against the slice's bytes.
extension MachOSlice {
    static let loadCommandCodeSignature: UInt64 = 0x1D
    static let superBlobMagic: UInt64 = 0xFADE_0CC0
    static let entitlementsMagic: UInt64 = 0xFADE_7171
    static let derEntitlementsMagic: UInt64 = 0xFADE_7172
    static let entitlementsSlot: UInt64 = 5
    static let derEntitlementsSlot: UInt64 = 7

    /// The signature's entitlements property list; nil when the slice has no `LC_CODE_SIGNATURE`
    /// or its signature has no entitlements blob (an unsigned or ad-hoc build). The XML blob is
    /// read when there is one, else the DER one (slot 7, `0xfade7172`).
    func entitlements(name: String) throws(ArtifactProblem) -> PropertyList? {
        guard let signature = try codeSignature(name: name) else { return nil }
        let place = "\(name) (\(architecture)) code signature"
        let blobs = try MachOSlice.superBlobIndex(signature, place: place)
        if let blob = blobs.first(where: { $0.slot == MachOSlice.entitlementsSlot }) {
            guard blob.magic == MachOSlice.entitlementsMagic else {
                throw ArtifactProblem(
                    "\(place): the entitlements slot holds magic 0x\(String(blob.magic, radix: 16)), not 0xfade7171")
            }
            return try PropertyList(Array(blob.bytes.dropFirst(8)), name: "\(place) entitlements")
        }
        if let blob = blobs.first(where: { $0.slot == MachOSlice.derEntitlementsSlot }) {
            guard blob.magic == MachOSlice.derEntitlementsMagic else {
                throw ArtifactProblem(
                    "\(place): the DER entitlements slot holds magic 0x\(String(blob.magic, radix: 16)), not 0xfade7172"
                )
            }
            var reader = DERPropertyListReader(blob.bytes.dropFirst(8), name: "\(place) DER entitlements")
            return try reader.entitlements()
        }
        return nil
    }

    /// The bytes `LC_CODE_SIGNATURE` points at; nil when there is no such load command.
    func codeSignature(name: String) throws(ArtifactProblem) -> ArraySlice<UInt8>? {
        let start = bytes.startIndex
        let wide = MachOSlice.littleEndian(bytes, at: start, size: 4) == 0xFEED_FACF
        let headerSize = wide ? 32 : 28
        let place = "\(name) (\(architecture))"
        guard bytes.count >= headerSize else { throw ArtifactProblem("\(place): too short for its Mach-O header") }
        let commandCount = Int(MachOSlice.littleEndian(bytes, at: start + 16, size: 4))
        let commandsSize = Int(MachOSlice.littleEndian(bytes, at: start + 20, size: 4))
        guard commandsSize <= bytes.count - headerSize, commandCount <= commandsSize / 8 else {
            throw ArtifactProblem(
                "\(place): \(commandCount) load commands of \(commandsSize) bytes do not fit in \(bytes.count) bytes")
        }
        var offset = start + headerSize
        let end = offset + commandsSize
        for index in 0..<commandCount {
            guard end - offset >= 8 else { throw ArtifactProblem("\(place): load command \(index) runs past the rest") }
            let command = MachOSlice.littleEndian(bytes, at: offset, size: 4)
            let size = Int(MachOSlice.littleEndian(bytes, at: offset + 4, size: 4))
            guard size >= 8, size <= end - offset else {
                throw ArtifactProblem("\(place): load command \(index) declares \(size) bytes, outside the commands")
            }
            if command == MachOSlice.loadCommandCodeSignature {
                guard size >= 16 else { throw ArtifactProblem("\(place): LC_CODE_SIGNATURE is \(size) bytes, not 16") }
                let dataOffset = Int(MachOSlice.littleEndian(bytes, at: offset + 8, size: 4))
                let dataSize = Int(MachOSlice.littleEndian(bytes, at: offset + 12, size: 4))
                guard dataOffset <= bytes.count, dataSize <= bytes.count - dataOffset else {
                    throw ArtifactProblem(
                        "\(place): the code signature (offset \(dataOffset), \(dataSize) bytes) runs past the "
                            + "\(bytes.count)-byte binary")
                }
                return bytes[(start + dataOffset)..<(start + dataOffset + dataSize)]
            }
            offset += size
        }
        return nil
    }

    /// One blob of a SuperBlob: its slot type, its magic and its bytes (header included).
    struct Blob {
        let slot: UInt64
        let magic: UInt64
        let bytes: ArraySlice<UInt8>
    }

    /// The blobs a SuperBlob's index lists, each checked to lie inside the SuperBlob.
    static func superBlobIndex(_ signature: ArraySlice<UInt8>, place: String) throws(ArtifactProblem) -> [Blob] {
        let start = signature.startIndex
        guard signature.count >= 12, bigEndian(signature, at: start, size: 4) == superBlobMagic else {
            throw ArtifactProblem("\(place): not an embedded-signature SuperBlob (0xfade0cc0)")
        }
        let length = Int(bigEndian(signature, at: start + 4, size: 4))
        let count = Int(bigEndian(signature, at: start + 8, size: 4))
        guard length >= 12, length <= signature.count, count <= (length - 12) / 8 else {
            throw ArtifactProblem(
                "\(place): a SuperBlob of \(length) bytes with \(count) blobs does not fit in \(signature.count) bytes")
        }
        var blobs: [Blob] = []
        for index in 0..<count {
            let entry = start + 12 + index * 8
            let slot = bigEndian(signature, at: entry, size: 4)
            let offset = Int(bigEndian(signature, at: entry + 4, size: 4))
            guard offset >= 12, offset <= length - 8 else {
                throw ArtifactProblem("\(place): blob \(index) (slot \(slot)) is at \(offset), outside the SuperBlob")
            }
            let magic = bigEndian(signature, at: start + offset, size: 4)
            let blobLength = Int(bigEndian(signature, at: start + offset + 4, size: 4))
            guard blobLength >= 8, blobLength <= length - offset else {
                throw ArtifactProblem(
                    "\(place): blob \(index) (slot \(slot)) declares \(blobLength) bytes, past the SuperBlob's end")
            }
            blobs.append(
                Blob(slot: slot, magic: magic, bytes: signature[(start + offset)..<(start + offset + blobLength)]))
        }
        return blobs
    }
}
