internal import CYAML

/// The version of libyaml relops runs against (`0.2.5`), for `relops --version`.
public func libyamlVersion() -> String {
    guard let text = yaml_get_version_string() else { return "unknown" }
    return String(cString: text)
}
