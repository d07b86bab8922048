import Fingerprint

/// libFuzzer entry point for the APK reader: for any input it returns signers or a typed error,
/// never traps. The first byte picks what the rest is: 0 a whole APK (ZIP, signing block, v1
/// files); 1 a PKCS#7 signature block, stored as `META-INF/CERT.RSA` in a built ZIP; 2 the value of
/// an APK Signature Scheme v2/v3 pair, in a signing block in front of a built ZIP's directory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = input.first else { return 0 }
    let rest = Array(input.dropFirst())
    let apk: [UInt8]
    switch mode % 4 {
    case 1:
        apk = zip([("META-INF/MANIFEST.MF", Array("Manifest-Version: 1.0\r\n\r\n".utf8)), ("META-INF/CERT.RSA", rest)])
    case 2: apk = withSigningBlock(zip([("classes.dex", [0x64])]), id: 0x7109_871a, value: rest)
    case 3: apk = withSigningBlock(zip([("classes.dex", [0x64])]), id: 0xf053_68c0, value: rest)
    default: apk = rest
    }
    for verify in [false, true] {
        guard let signature = try? APKSignature.read(bytes: apk, path: "fuzz.apk", verify: verify) else { continue }
        _ = signature.assetLinksFingerprints
        if !verify, case .verified = signature.verification { fatalError("verified without verifying") }
    }
    return 0
}

func le(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

/// A stored (method 0) ZIP of `files`.
func zip(_ files: [(String, [UInt8])]) -> [UInt8] {
    var body: [UInt8] = []
    var directory: [UInt8] = []
    for (name, bytes) in files {
        let offset = body.count
        let common = le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(bytes.count, 4) + le(bytes.count, 4)
        let nameBytes = Array(name.utf8)
        body += le(0x0403_4b50, 4) + common + le(nameBytes.count, 2) + le(0, 2) + nameBytes + bytes
        directory += le(0x0201_4b50, 4) + le(20, 2) + common + le(nameBytes.count, 2) + le(0, 6) + le(0, 2)
        directory += le(0, 4) + le(offset, 4) + nameBytes
    }
    let end = le(0x0605_4b50, 4) + le(0, 4) + le(files.count, 2) + le(files.count, 2) + le(directory.count, 4)
    return body + directory + end + le(body.count, 4) + le(0, 2)
}

/// `zip` with an APK Signing Block holding one pair (`id`, `value`) before its central directory.
func withSigningBlock(_ zip: [UInt8], id: Int, value: [UInt8]) -> [UInt8] {
    let pair = le(value.count + 4, 8) + le(id, 4) + value
    let size = pair.count + 8 + 16
    let block = le(size, 8) + pair + le(size, 8) + Array("APK Sig Block 42".utf8)
    let eocd = zip.count - 22
    let directory = Int(zip[eocd + 16]) | Int(zip[eocd + 17]) << 8 | Int(zip[eocd + 18]) << 16
    var out = Array(zip[..<directory]) + block + Array(zip[directory...])
    out.replaceSubrange((eocd + block.count + 16)..<(eocd + block.count + 20), with: le(directory + block.count, 4))
    return out
}
