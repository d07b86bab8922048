/// File names are bytes, and not every byte string is UTF-8. A path is carried as a `String`
/// that keeps its bytes: every byte that is not part of a valid UTF-8 character (and every byte
/// of a real U+10FF00-U+10FFFF character, so the mapping stays one to one) is held as the
/// private-use scalar U+10FF00 + byte. `pathBytes` gives the original bytes back; text output
/// shows such a byte as `\ooo`, as git does.
public func decodePath<C: Collection<UInt8>>(_ bytes: C) -> String where C.Index == Int {
    // Most paths are ASCII: one pass over contiguous bytes, no scalar decoding.
    if let ascii = bytes.withContiguousStorageIfAvailable({ buffer -> String? in
        for byte in buffer where byte >= 0x80 { return nil }
        return String(decoding: buffer, as: UTF8.self)
    }), let ascii {
        return ascii
    }
    if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isByteScalar) {
        return text
    }
    var out = String.UnicodeScalarView()
    var i = bytes.startIndex
    while i < bytes.endIndex {
        var matched = false
        for length in 1...4 where i + length <= bytes.endIndex {
            guard let text = String(validating: bytes[i..<i + length], as: UTF8.self) else { continue }
            if let scalar = text.unicodeScalars.first, !isByteScalar(scalar) {
                out.append(scalar)
                i += length
                matched = true
            }
            break
        }
        if !matched {
            out.append(byteScalar(bytes[i]))
            i += 1
        }
    }
    return String(out)
}

/// The bytes a path stands for (the inverse of `decodePath`).
public func pathBytes(_ path: String) -> [UInt8] {
    guard path.unicodeScalars.contains(where: isByteScalar) else { return Array(path.utf8) }
    var out: [UInt8] = []
    for scalar in path.unicodeScalars {
        if isByteScalar(scalar) {
            out.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            out.append(contentsOf: String(scalar).utf8)
        }
    }
    return out
}

/// Calls `body` with the path's bytes as a NUL-terminated C string, for a system call.
public func withFileSystemPath<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
    guard path.unicodeScalars.contains(where: isByteScalar) else { return try path.withCString(body) }
    let bytes = pathBytes(path).map { CChar(bitPattern: $0) } + [0]
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
}

/// True for the scalars that stand for a raw byte of a path.
public func isByteScalar(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x10FF00 }

func byteScalar(_ byte: UInt8) -> Unicode.Scalar { Unicode.Scalar(0x10FF00 + UInt32(byte)) ?? "?" }
