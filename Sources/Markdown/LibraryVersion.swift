internal import CCmark

/// The version of cmark-gfm relops runs against (`0.29.0.gfm.6`), for `relops --version`.
public func cmarkVersion() -> String {
    guard let text = cmark_version_string() else { return "unknown" }
    return String(cString: text)
}
