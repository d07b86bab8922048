import Verify

/// libFuzzer entry: the assetlinks.json and apple-app-site-association parsers and Apple's
/// component matcher must give a verdict or an error for any input, never crash or hang.
/// The input is a document; its last line is also split into a pattern and a URL for the matcher.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? AssetLinksDocument.parse(bytes) {
        _ = document.statements.count + document.errors.count + document.warnings.count
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let lastLine = text.split(separator: "\n").last.map(String.init) ?? text
    let halves = lastLine.split(separator: " ", maxSplits: 1).map(String.init)
    let pattern = halves.first ?? "", url = halves.count > 1 ? halves[1] : ""
    _ = Wildcard.matches(pattern, url, caseSensitive: size % 2 == 0)
    if let association = try? AppSiteAssociation.parse(bytes) {
        let query = url.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init)
        for detail in association.details {
            _ = detail.decide(path: url, query: query, fragment: pattern)
        }
    }
    return 0
}
