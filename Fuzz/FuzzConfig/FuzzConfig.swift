import RelopsCore

/// libFuzzer entry point for the `.relops.yml` reader: any input is read or refused with a
/// `path:line:col:` message (never a crash, never a stack overflow on deep nesting), and a
/// configuration that is read reads the same the second time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    do {
        let config = try ProjectConfig.parse(text, path: "fuzz.yml")
        guard (try? ProjectConfig.parse(text, path: "fuzz.yml")) == config else {
            fatalError("reading the same configuration twice gave two answers")
        }
    } catch {
        guard error.category == .badInput, error.message.hasPrefix("fuzz.yml:") else {
            fatalError("a refusal without its position: \(error.message)")
        }
    }
    return 0
}
