import Anchors

/// libFuzzer entry point: any document gives anchors (or none), never a crash or a hang; every
/// anchor's byte ranges lie inside the document and its numbers are what those bytes say.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let scan = AnchorFinder.scan(bytes)
    for anchor in scan.anchors {
        precondition(anchor.startBytes.lowerBound >= 0 && anchor.startBytes.upperBound <= bytes.count)
        precondition(Int(String(decoding: bytes[anchor.startBytes], as: UTF8.self)) == anchor.start)
        if let end = anchor.endBytes {
            precondition(end.upperBound <= bytes.count && end.lowerBound >= anchor.startBytes.upperBound)
            precondition(Int(String(decoding: bytes[end], as: UTF8.self)) == anchor.end)
        }
        if let path = anchor.pathBytes { precondition(path.upperBound <= anchor.startBytes.lowerBound) }
        precondition(anchor.line >= 1 && anchor.column >= 1)
    }
    return 0
}
