/// The text of a call's or attribute's arguments from just after its `(` to the matching `)`
/// (excluded; the end of `text` when there is none), skipping string literals. Shared by the
/// OAuth source reading and the repository's `[IntentFilter(...)]` claims.
func callArguments(_ text: String, from start: String.Index) -> Range<String.Index> {
    var depth = 1
    var i = start
    var inString = false
    while i < text.endIndex {
        let c = text[i]
        if inString {
            if c == "\"" { inString = false }
        } else if c == "\"" {
            inString = true
        } else if c == "(" {
            depth += 1
        } else if c == ")" {
            depth -= 1
            if depth == 0 { break }
        }
        i = text.index(after: i)
    }
    return start..<i
}
