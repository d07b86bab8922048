internal import CPSL

/// The version of libpsl relops runs against (`0.21.2`), for `relops --version`.
public func libpslVersion() -> String {
    guard let text = psl_get_version() else { return "unknown" }
    return String(cString: text)
}
