internal import CIDN2

/// The version of libidn2 relops runs against (`2.3.3`), for `relops --version`.
public func libidn2Version() -> String {
    guard let text = idn2_check_version(nil) else { return "unknown" }
    return String(cString: text)
}
