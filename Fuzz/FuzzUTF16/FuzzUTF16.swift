import RelopsCore

/// libFuzzer entry point for the UTF-16 and UTF-32 decoder scan and cutover read such files
/// with. The input follows each byte order mark in turn: decoding never crashes, what it accepts
/// is valid UTF-8, and encoding that gives back the input byte for byte (a cutover's undo and
/// its untouched lines depend on it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    for encoding in TextEncoding.allCases {
        let bytes = encoding.byteOrderMark + body
        guard TextEncoding(announcedBy: bytes) == encoding else {
            // A UTF-16LE mark followed by U+0000 announces UTF-32LE: the only ambiguity.
            guard encoding == .utf16LE, body.starts(with: [0, 0]) else {
                fatalError("\(encoding.rawValue)'s mark is not recognised before \(body.prefix(4))")
            }
            continue
        }
        switch encoding.decode(bytes) {
        case .success(let text):
            guard String(validating: text, as: UTF8.self) != nil else {
                fatalError("\(encoding.rawValue): decoded text is not valid UTF-8")
            }
            guard encoding.encode(text) == bytes else {
                fatalError("\(encoding.rawValue): encode(decode(x)) differs from x for \(body)")
            }
        case .failure(let problem):
            guard problem.offset >= encoding.byteOrderMark.count, problem.offset <= bytes.count else {
                fatalError("\(encoding.rawValue): a problem outside the input: \(problem)")
            }
        }
    }
    return 0
}
