internal import CZlib

/// Why zlib refused to inflate a stream.
public enum InflateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stream would produce more than `limit` bytes: a zip bomb, or a declared size that lies.
    case tooLarge(limit: Int)
    /// zlib's own message and the failing call.
    case malformed(String)

    public var description: String {
        switch self {
        case .tooLarge(let limit): return "it inflates beyond \(limit) bytes"
        case .malformed(let message): return message
        }
    }
}

/// Raw DEFLATE (RFC 1951, ZIP method 8) through zlib.
public enum Inflate {
    /// Decompresses `input`, refusing to produce more than `limit` bytes.
    public static func raw(_ input: [UInt8], limit: Int) throws(InflateError) -> [UInt8] {
        let (output, complete) = try rawPrefix(input, limit: limit)
        guard complete else { throw .malformed("the compressed data ends early") }
        return output
    }

    /// Decompresses `input` as far as it goes, refusing to produce more than `limit` bytes:
    /// the output, and whether the stream reached its end (Java's `Inflater`, which Android's
    /// APK verifier uses, accepts a stream cut after its last output byte; so must a reader that
    /// mirrors it).
    public static func rawPrefix(_ input: [UInt8], limit: Int) throws(InflateError) -> (output: [UInt8], complete: Bool)
    {
        // zlib keeps a pointer back to its stream: the stream needs a stable address.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let started = relops_inflate_init_raw(stream)
        guard started == Z_OK else { throw error(started, stream, "inflateInit2") }
        defer { inflateEnd(stream) }
        var output: [UInt8] = []
        var complete = false
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = input
        let failure: InflateError? = input.withUnsafeMutableBufferPointer { source in
            stream.pointee.next_in = source.baseAddress
            stream.pointee.avail_in = UInt32(source.count)
            while true {
                var status = Z_OK
                let produced = chunk.withUnsafeMutableBufferPointer { target -> Int in
                    stream.pointee.next_out = target.baseAddress
                    stream.pointee.avail_out = UInt32(target.count)
                    status = inflate(stream, Z_NO_FLUSH)
                    return target.count - Int(stream.pointee.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    return error(status, stream, "inflate")
                }
                guard output.count + produced <= limit else { return .tooLarge(limit: limit) }
                output += chunk[0..<produced]
                if status == Z_STREAM_END {
                    complete = true
                    return nil
                }
                if produced == 0 && stream.pointee.avail_in == 0 { return nil }
            }
        }
        if let failure { throw failure }
        return (output, complete)
    }

    static func error(_ status: Int32, _ stream: UnsafeMutablePointer<z_stream>, _ call: String) -> InflateError {
        if status == Z_NEED_DICT { return .malformed("\(call): a preset dictionary is needed") }
        let message = stream.pointee.msg.map { String(cString: $0) } ?? String(cString: zError(status))
        return .malformed("\(call): \(message)")
    }
}
