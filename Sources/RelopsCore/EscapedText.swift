import Git

/// A path or value as git prints it (`core.quotePath=false`): unchanged when it holds no control
/// character, `"`, `\` or byte that is not UTF-8 (`decodePath`); otherwise in double quotes with
/// C escapes (`\n`, `\t`, `\"`, `\\`, octal for other control bytes and for raw bytes), so a
/// name with a newline takes one line of output.
public func escapedText(_ text: String) -> String {
    let needsQuotes = text.unicodeScalars.contains {
        $0.value < 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "\\" || isByteScalar($0)
    }
    guard needsQuotes else { return text }
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || isByteScalar(scalar):
            let octal = String(scalar.value & 0xFF, radix: 8)
            out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// Refuses a `--rev` value that cannot be a revision name (git's ref-name rules): `..`, a leading
/// `-` or `/`, a control character, a space or one of `~^:?*[\` used as a path, so a value such
/// as `../../etc` is a usage error rather than a lookup. `HEAD~2` and `main^` stay accepted.
public func checkRevisionName(_ text: String, option: String = "--rev") throws(Failure) {
    let bad =
        text.isEmpty || text.contains("..") || text.hasPrefix("-") || text.hasPrefix("/") || text.hasSuffix("/")
        || text.hasSuffix(".lock") || text.contains("//")
        || text.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || "?*[\\:".unicodeScalars.contains($0) }
    if bad {
        throw Failure(
            .usage,
            "\(option) \(escapedText(text)): not a revision (pass a commit id, a branch or a tag, such as main or v1.2)"
        )
    }
}
