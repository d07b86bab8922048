/// One architecture of a Mach-O executable: the whole file when it is thin, or one slice of a
/// universal (fat) file. Offsets inside it (`LC_CODE_SIGNATURE`'s `dataoff`) count from its start.
struct MachOSlice {
    /// The architecture's name: `arm64`, `x86_64`, or `cpu 0x…` for one relops does not name.
    let architecture: String
    /// The slice's bytes, indices as in the whole file.
    let bytes: ArraySlice<UInt8>

    /// The slices of a Mach-O file: one for a thin file (`0xfeedfacf`, `0xfeedface`), each
    /// `fat_arch` for a universal one (`0xcafebabe`, `0xcafebabf`), every slice checked to lie in
    /// the file, after the header and apart from the others. `name` says where the file is.
    static func slices(_ bytes: [UInt8], name: String) throws(ArtifactProblem) -> [MachOSlice] {
        guard bytes.count >= 8 else { throw ArtifactProblem("\(name): too short for a Mach-O header") }
        let magic = bigEndian(bytes[...], at: 0, size: 4)
        switch magic {
        case 0xCAFE_BABE, 0xCAFE_BABF: return try universalSlices(bytes, wide: magic == 0xCAFE_BABF, name: name)
        default:
            let thin = try MachOSlice(thin: bytes[...], name: name)
            return [thin]
        }
    }

    /// A thin Mach-O, named by its header's CPU type.
    init(thin bytes: ArraySlice<UInt8>, name: String) throws(ArtifactProblem) {
        guard bytes.count >= 28 else { throw ArtifactProblem("\(name): too short for a Mach-O header") }
        let magic = MachOSlice.littleEndian(bytes, at: bytes.startIndex, size: 4)
        guard magic == 0xFEED_FACF || magic == 0xFEED_FACE else {
            throw ArtifactProblem("\(name): not a Mach-O executable (magic 0x\(String(magic, radix: 16)))")
        }
        let cpu = MachOSlice.littleEndian(bytes, at: bytes.startIndex + 4, size: 4)
        let subtype = MachOSlice.littleEndian(bytes, at: bytes.startIndex + 8, size: 4)
        architecture = MachOSlice.architectureName(cpu: cpu, subtype: subtype)
        self.bytes = bytes
    }

    static func universalSlices(_ bytes: [UInt8], wide: Bool, name: String) throws(ArtifactProblem) -> [MachOSlice] {
        let count = Int(bigEndian(bytes[...], at: 4, size: 4))
        let entrySize = wide ? 32 : 20
        guard count >= 1, count <= 64, 8 + count * entrySize <= bytes.count else {
            throw ArtifactProblem(
                "\(name): a universal binary header declaring \(count) slices does not fit in \(bytes.count) bytes")
        }
        var slices: [MachOSlice] = []
        var taken: [Range<Int>] = [0..<(8 + count * entrySize)]
        for index in 0..<count {
            let entry = 8 + index * entrySize
            let cpu = bigEndian(bytes[...], at: entry, size: 4)
            let subtype = bigEndian(bytes[...], at: entry + 4, size: 4)
            let offset = bigEndian(bytes[...], at: entry + 8, size: wide ? 8 : 4)
            let size = bigEndian(bytes[...], at: entry + (wide ? 16 : 12), size: wide ? 8 : 4)
            let label = architectureName(cpu: cpu, subtype: subtype)
            guard offset <= UInt64(bytes.count), size <= UInt64(bytes.count) - offset else {
                throw ArtifactProblem(
                    "\(name): the \(label) slice (offset \(offset), \(size) bytes) runs past the file's \(bytes.count) bytes"
                )
            }
            let range = Int(offset)..<Int(offset + size)
            if let other = taken.first(where: { $0.overlaps(range) }) {
                throw ArtifactProblem(
                    "\(name): the \(label) slice (bytes \(range.lowerBound)..<\(range.upperBound)) overlaps "
                        + (other.lowerBound == 0
                            ? "the universal header" : "bytes \(other.lowerBound)..<\(other.upperBound)"))
            }
            taken.append(range)
            let slice = try MachOSlice(thin: bytes[range], name: "\(name) (\(label))")
            guard slice.architecture == label else {
                throw ArtifactProblem(
                    "\(name): the universal header says \(label) but the slice's own header says \(slice.architecture)")
            }
            slices.append(slice)
        }
        return slices
    }

    /// `arm64`, `arm64e`, `x86_64`, `arm64_32`, `armv7`, `armv7s`, `i386`; `cpu 0x…` for the rest.
    static func architectureName(cpu: UInt64, subtype: UInt64) -> String {
        let subtype = subtype & 0x00FF_FFFF
        switch (cpu, subtype) {
        case (0x0100_000C, 2): return "arm64e"
        case (0x0100_000C, _): return "arm64"
        case (0x0100_0007, _): return "x86_64"
        case (0x0200_000C, _): return "arm64_32"
        case (12, 9): return "armv7"
        case (12, 11): return "armv7s"
        case (12, _): return "arm"
        case (7, _): return "i386"
        default: return "cpu 0x\(String(cpu, radix: 16))"
        }
    }

    /// `size` bytes at `offset`, big-endian. Callers check the range first.
    static func bigEndian(_ bytes: ArraySlice<UInt8>, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value
    }

    /// `size` bytes at `offset`, little-endian. Callers check the range first.
    static func littleEndian(_ bytes: ArraySlice<UInt8>, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)].reversed() { value = value << 8 | UInt64(byte) }
        return value
    }
}
