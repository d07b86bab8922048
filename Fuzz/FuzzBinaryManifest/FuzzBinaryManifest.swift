import Fingerprint

/// libFuzzer entry point for the binary AndroidManifest.xml reader: for any input it returns the
/// SDK levels or a typed `AndroidManifest.Problem`, never traps, and a manifest it reads stays
/// readable to the same values (it reads nothing outside the bytes it was given).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let manifest = try? AndroidManifest(binary: input) else { return 0 }
    guard (try? AndroidManifest(binary: input + [0, 0, 0, 0])) == manifest else {
        fatalError("trailing bytes past the declared chunk changed the reading")
    }
    return 0
}
