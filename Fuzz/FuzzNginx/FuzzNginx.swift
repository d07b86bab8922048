import Association

/// libFuzzer entry: the nginx reader (parser, include expansion, location choice with regexes under
/// their work limit) must give routes or an error for any set of configurations, never crash,
/// hang or blow up. The input is split at lines `===` into up to eight files; the first is
/// `nginx.conf`, the others `conf.d/N.conf`, so `include conf.d/*.conf` and cycles are reachable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.split(separator: "\n===\n", omittingEmptySubsequences: false).prefix(8)
    var files: [(path: String, text: String)] = []
    for (i, part) in parts.enumerated() {
        files.append((i == 0 ? "nginx.conf" : "conf.d/\(i).conf", String(part)))
    }
    for uri in ["/.well-known/assetlinks.json", "/.well-known/apple-app-site-association"] {
        _ = try? NginxReading.routes(for: uri, in: files)
    }
    return 0
}
