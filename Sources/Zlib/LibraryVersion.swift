internal import CZlib

/// The version of zlib relops runs against (`1.2.13`), for `relops --version`.
public func zlibRuntimeVersion() -> String {
    guard let text = CZlib.zlibVersion() else { return "unknown" }
    return String(cString: text)
}
