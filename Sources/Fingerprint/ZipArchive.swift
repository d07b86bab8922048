import Zlib

/// The ZIP structure of an APK, read without unpacking it: the end-of-central-directory record,
/// the central directory's entries, and each entry's data on demand, read by the rules Android
/// and apksigner read it by (`LocalFileRecord`): the local header must agree with the central
/// directory (name, data-descriptor flag, CRC-32 and sizes), method 0 is stored and every other
/// method is inflated as deflate (so method 21 too), and the data must inflate to exactly the
/// declared size, within a cap. ZIP64 is refused by name, as Android itself does not install it.
package struct ZipArchive {
    package struct Entry {
        package let name: String
        package let method: UInt64
        let flags: UInt64
        let crc32: UInt64
        let compressedSize: Int
        package let size: Int
        let localHeaderOffset: Int
    }

    /// Why an archive cannot be read: the reason, and the entry when it is about one.
    package struct Problem: Error {
        package let reason: String
    }

    /// The largest entry relops inflates: a declared or actual size past it is a zip bomb.
    static let entrySizeCap = 256 << 20
    /// The largest v1 signature block (`META-INF/*.RSA|DSA|EC`) read: a PKCS#7 block holds a
    /// signature and a short certificate chain, a few kilobytes.
    static let signatureBlockCap = 1 << 20
    /// The most relops inflates from one APK, all compressed entries together (each inflates to
    /// exactly its declared size or is refused, so the declared sizes bound the work).
    static let totalSizeCap = 1 << 30

    package let bytes: [UInt8]
    package let entries: [Entry]
    let centralDirectoryOffset: Int
    /// Where the central directory ends, by its declared size.
    let centralDirectoryEnd: Int
    let endOfCentralDirectory: Int

    /// Android looks for the APK Signing Block only when the central directory ends exactly where
    /// the end-of-central-directory record starts; bytes in between hide the block from it.
    var bytesBeforeEndRecord: Int { endOfCentralDirectory - centralDirectoryEnd }

    package init(_ bytes: [UInt8]) throws(Problem) {
        self.bytes = bytes
        guard let eocd = ZipArchive.findEndOfCentralDirectory(bytes) else {
            throw Problem(reason: "not an APK: no ZIP end-of-central-directory record")
        }
        endOfCentralDirectory = eocd
        if eocd >= 20, ByteReader.le32(bytes, eocd - 20) == 0x0706_4b50 {
            throw Problem(reason: "zip64 not supported (a ZIP64 end-of-central-directory locator)")
        }
        var reader = ByteReader(bytes, offset: eocd + 8)
        let count: UInt64, size: UInt64, offset: UInt64
        do {
            _ = try reader.le(2)
            count = try reader.le(2)
            size = try reader.le(4)
            offset = try reader.le(4)
        } catch {
            throw Problem(reason: "not an APK: truncated end-of-central-directory record")
        }
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            throw Problem(reason: "zip64 not supported (the end-of-central-directory record defers to ZIP64)")
        }
        guard offset + size <= UInt64(eocd) else {
            throw Problem(reason: "not an APK: the central directory lies outside the file")
        }
        centralDirectoryOffset = Int(offset)
        centralDirectoryEnd = Int(offset + size)
        entries = try ZipArchive.readCentralDirectory(bytes, offset: Int(offset), count: Int(count))
        try ZipArchive.checkTotalSize(entries)
    }

    /// Refuses, before inflating anything, an archive whose compressed entries declare more than
    /// `totalSizeCap` bytes together: a zip bomb spread over entries each under the entry cap.
    static func checkTotalSize(_ entries: [Entry]) throws(Problem) {
        // An entry past the entry cap is refused by name when it is read.
        let compressed = entries.filter { $0.method != 0 && $0.size <= entrySizeCap }
        let total = compressed.reduce(0) { $0 + $1.size }
        guard total > totalSizeCap else { return }
        throw Problem(
            reason: "refusing a zip bomb: its \(compressed.count) compressed entries declare \(total) bytes "
                + "(\(total >> 20) MiB) in total, more than the \(totalSizeCap >> 20) MiB relops inflates from one APK")
    }

    static func readCentralDirectory(_ bytes: [UInt8], offset: Int, count: Int) throws(Problem) -> [Entry] {
        var reader = ByteReader(bytes, offset: offset)
        var entries: [Entry] = []
        do {
            for _ in 0..<count {
                let start = reader.offset
                guard try reader.le(4) == 0x0201_4b50 else {
                    throw Problem(reason: "malformed ZIP central directory at byte \(start)")
                }
                _ = try reader.take(4)
                let flags = try reader.le(2)
                let method = try reader.le(2)
                _ = try reader.take(4)
                let crc32 = try reader.le(4)
                let compressedSize = try reader.le(4)
                let size = try reader.le(4)
                let nameLength = Int(try reader.le(2))
                let extraLength = Int(try reader.le(2))
                let commentLength = Int(try reader.le(2))
                _ = try reader.take(8)
                let localHeader = try reader.le(4)
                let name = String(decoding: try reader.take(nameLength), as: UTF8.self)
                _ = try reader.take(extraLength + commentLength)
                if compressedSize == 0xFFFF_FFFF || size == 0xFFFF_FFFF || localHeader == 0xFFFF_FFFF {
                    throw Problem(reason: "\(name): zip64 not supported (the entry defers to ZIP64 sizes)")
                }
                entries.append(
                    Entry(
                        name: name, method: method, flags: flags, crc32: crc32, compressedSize: Int(compressedSize),
                        size: Int(size),
                        localHeaderOffset: Int(localHeader)))
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(reason: "truncated ZIP central directory")
        }
        return entries
    }

    /// The offset of the end-of-central-directory record, searched backwards past a comment.
    static func findEndOfCentralDirectory(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        var i = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while i >= lowest {
            if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x05, bytes[i + 3] == 0x06 { return i }
            i -= 1
        }
        return nil
    }

    /// The entry named `name` (case-sensitive, as in the archive).
    package func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

    /// An entry's uncompressed bytes, read as Android reads them (see the type's comment). A
    /// declared size past the cap, or data that inflates past its declared size, is refused as a
    /// zip bomb naming the entry. With `limit` (a kind of entry that is small in every real APK,
    /// named `kind`), an entry declaring more is refused before a byte of it is read or inflated.
    package func data(_ entry: Entry, limit: (bytes: Int, kind: String)? = nil) throws(Problem) -> [UInt8] {
        guard entry.method == 0 || entry.size <= ZipArchive.entrySizeCap else {
            throw Problem(
                reason: "\(entry.name): refusing a zip bomb: it declares \(entry.size) bytes, "
                    + "more than the \(ZipArchive.entrySizeCap)-byte cap")
        }
        if let limit, entry.size > limit.bytes {
            throw Problem(
                reason: "\(entry.name): declares \(entry.size) bytes, more than the \(limit.bytes)-byte limit for "
                    + "\(limit.kind); not read")
        }
        let stored = try storedData(entry)
        if entry.method == 0 { return stored }
        let method =
            entry.method == 8 ? "" : " (compression method \(entry.method), inflated as deflate as Android does)"
        let inflated: [UInt8]
        do {
            // As Java's Inflater: a stream cut after its last byte is judged by its size below.
            inflated = try Inflate.rawPrefix(stored, limit: entry.size).output
        } catch .tooLarge {
            throw Problem(
                reason: "\(entry.name): refusing a zip bomb: it inflates beyond its declared \(entry.size) bytes")
        } catch {
            throw Problem(reason: "\(entry.name): cannot inflate\(method): \(error)")
        }
        guard inflated.count == entry.size else {
            throw Problem(
                reason: "\(entry.name): inflates to \(inflated.count) bytes, not the \(entry.size) its central "
                    + "directory record declares\(method)")
        }
        return inflated
    }

    /// The entry's bytes as stored: the local header checked against the central directory
    /// record, the data (the compressed size, or the uncompressed size when stored) before the
    /// central directory.
    func storedData(_ entry: Entry) throws(Problem) -> [UInt8] {
        let nameLength = entry.name.utf8.count
        let start = entry.localHeaderOffset
        guard start + 30 + nameLength <= centralDirectoryOffset else {
            throw Problem(reason: "\(entry.name): its ZIP local header runs into the central directory")
        }
        var local = ByteReader(bytes, offset: start)
        do {
            guard try local.le(4) == 0x0403_4b50 else {
                throw Problem(reason: "\(entry.name): malformed ZIP local header (no local header signature)")
            }
            _ = try local.take(2)
            let flags = try local.le(2)
            _ = try local.take(6)
            let crc32 = try local.le(4)
            let compressedSize = try local.le(4)
            let size = try local.le(4)
            let localNameLength = Int(try local.le(2))
            let extraLength = Int(try local.le(2))
            let descriptor = flags & 0x08 != 0
            guard descriptor == (entry.flags & 0x08 != 0) else {
                throw Problem(
                    reason: "\(entry.name): the local header and the central directory disagree on a data descriptor")
            }
            guard localNameLength <= nameLength,
                String(decoding: try local.take(localNameLength), as: UTF8.self) == entry.name
            else {
                throw Problem(reason: "\(entry.name): the local header names another entry than the central directory")
            }
            if !descriptor {
                guard crc32 == entry.crc32, compressedSize == UInt64(entry.compressedSize), size == UInt64(entry.size)
                else {
                    throw Problem(
                        reason: "\(entry.name): the local header's CRC-32 or sizes differ from the central directory's")
                }
            }
            _ = try local.take(extraLength)
            let length = entry.method == 0 ? entry.size : entry.compressedSize
            guard local.offset + length <= centralDirectoryOffset else {
                throw Problem(reason: "\(entry.name): the entry's data runs into the central directory")
            }
            return try local.take(length)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(reason: "\(entry.name): the entry's data runs past the end of the file")
        }
    }
}

extension ByteReader {
    /// The little-endian 32-bit value at `offset`, or nil past the end.
    static func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
