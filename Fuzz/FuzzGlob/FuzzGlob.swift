import RelopsCore

/// libFuzzer entry point for the compiled glob matcher. The input is a pattern, a NUL, then a
/// path. Any pattern on any path finishes (libFuzzer's timeout catches a hang), and on short
/// inputs the answer is the backtracking matcher's, whose semantics `Glob` keeps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let split = bytes.firstIndex(of: 0), let pattern = String(validating: bytes[..<split], as: UTF8.self)
    else { return 0 }
    let path = Array(bytes[(split + 1)...])
    let answer = path.withUnsafeBufferPointer { Glob(pattern).matches(bytes: $0) }
    // The reference is exponential in the number of `*`: only short inputs are compared.
    guard pattern.utf8.count <= 16, path.count <= 32 else { return 0 }
    guard answer == reference(Array(pattern.utf8), 0, path, 0) else {
        fatalError("pattern \(Array(pattern.utf8)) on path \(path): compiled \(answer), reference \(!answer)")
    }
    return 0
}

/// The backtracking matcher `Glob` replaced.
func reference(_ pat: [UInt8], _ pi: Int, _ s: [UInt8], _ si: Int) -> Bool {
    var pi = pi, si = si
    let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
    while pi < pat.count {
        let c = pat[pi]
        if c == star {
            if pi + 1 < pat.count && pat[pi + 1] == star {
                var next = pi + 2
                if next < pat.count && pat[next] == slash { next += 1 }
                if next >= pat.count { return true }
                var k = si
                while k <= s.count {
                    if reference(pat, next, s, k) { return true }
                    while k < s.count && s[k] != slash { k += 1 }
                    k += 1
                }
                return false
            }
            var k = si
            while true {
                if reference(pat, pi + 1, s, k) { return true }
                if k >= s.count || s[k] == slash { return false }
                k += 1
            }
        }
        guard si < s.count else { return false }
        if c == question {
            if s[si] == slash { return false }
        } else if c != s[si] {
            return false
        }
        pi += 1
        si += 1
    }
    return si == s.count
}
