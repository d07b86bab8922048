import Artifact

/// libFuzzer entry point for the release manifest readers of `verify --artifact`: the first byte
/// picks the form (even: an APK's binary XML, odd: an app bundle's protobuf XML) and the rest is
/// read. For any input the reader returns a manifest or throws `ArtifactProblem`, never traps, and
/// a manifest it reads is read again to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let read = { (bytes: [UInt8]) -> AndroidAppManifest? in
        do {
            return data[0] % 2 == 0
                ? try AndroidAppManifest(binaryXML: bytes) : try AndroidAppManifest(protobufXML: bytes)
        } catch {
            return nil
        }
    }
    guard let manifest = read(input) else { return 0 }
    guard read(input) == manifest else { fatalError("the same bytes read to two manifests") }
    return 0
}
