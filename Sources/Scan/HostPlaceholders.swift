/// Template placeholders next to a host (`{{env}}.app.example.com`, `%s.app.example.com`): the
/// bytes the host matcher's whole-name rule reads as part of the name in front of a hit.

/// Where a template placeholder that ends just before `end` starts, or nil: `{}`, `{0}`, `{x}`,
/// `${x}`, `#{x}`, `{{ x }}`, Swift's `\(x)`, printf's `%s`, `%d`, `%@`, `%1$s`, `%(x)s`. Only the
/// bytes around a hit are read, at most 64 back.
func placeholderStart(endingAt end: Int, _ base: UnsafePointer<UInt8>) -> Int? {
    guard end > 1 else { return nil }
    let last = base[end - 1]
    if last == UInt8(ascii: "}") {
        let double = base[end - 2] == UInt8(ascii: "}")
        guard let open = openingByte(UInt8(ascii: "{"), before: end - (double ? 2 : 1), base) else { return nil }
        var p = open
        if double {
            guard p > 0 && base[p - 1] == UInt8(ascii: "{") else { return nil }
            p -= 1
        }
        if p > 0 && (base[p - 1] == UInt8(ascii: "$") || base[p - 1] == UInt8(ascii: "#")) { p -= 1 }
        return p
    }
    if last == UInt8(ascii: ")") {
        guard let open = openingByte(UInt8(ascii: "("), before: end - 1, base), open > 0,
            base[open - 1] == UInt8(ascii: "\\")
        else { return nil }
        return open - 1
    }
    guard isConversion(last) else { return nil }
    var p = end - 2
    if base[p] == UInt8(ascii: "%") { return p }
    if base[p] == UInt8(ascii: ")") {  // `%(name)s`
        guard let open = openingByte(UInt8(ascii: "("), before: p, base), open > 0,
            base[open - 1] == UInt8(ascii: "%")
        else { return nil }
        return open - 1
    }
    guard base[p] == UInt8(ascii: "$") else { return nil }  // `%1$s`
    var digits = 0
    while p > 0 && (base[p - 1] &- 0x30) < 10 && digits < 3 {
        p -= 1
        digits += 1
    }
    return digits > 0 && p > 0 && base[p - 1] == UInt8(ascii: "%") ? p - 1 : nil
}

/// The offset of `open` that starts the placeholder whose content ends before `close`, when the
/// content between is a short expression on one line (no quote, slash, brace or parenthesis).
private func openingByte(_ open: UInt8, before close: Int, _ base: UnsafePointer<UInt8>) -> Int? {
    var k = close
    while k > 0 && close - k < 64 {
        let b = base[k - 1]
        if b == open { return k - 1 }
        guard b >= 0x20 && b < 0x7F else { return nil }
        switch b {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\""),
            UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: "<"), UInt8(ascii: ">"):
            return nil
        default: k -= 1
        }
    }
    return nil
}

/// A printf conversion that puts a string or number in a name: `s`, `d`, `i`, `u`, `@`.
@inline(__always) private func isConversion(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "s") || b == UInt8(ascii: "d") || b == UInt8(ascii: "i") || b == UInt8(ascii: "u")
        || b == UInt8(ascii: "@")
}
