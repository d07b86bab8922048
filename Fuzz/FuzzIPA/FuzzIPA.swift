import Artifact

/// libFuzzer entry point for the IPA reader of `verify --artifact` (ZIP, Info.plist, Mach-O code
/// signature, provisioning profile): for any input it returns the app or throws `ArtifactProblem`,
/// never traps, and stays within the ZIP reader's caps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try IOSApp(ipa: input)
    } catch {
        return 0
    }
    return 0
}
