import RelopsCore
import Testing

/// `BuiltInRegex`: relops's own patterns, with the first capture group of each match and its line.
@Suite struct BuiltInRegexTests {
    @Test func capturesComeWithTheLineTheirMatchStartsOn() {
        let text = "scheme: 'a'\n\nscheme: \"b\"\n"
        let regex = BuiltInRegex(#"scheme:\s*['"]([a-z]+)['"]"#)
        #expect(regex.captures(in: text) == ["a", "b"])
        #expect(regex.capturesWithLines(in: text).map { "\($0.0)@\($0.1)" } == ["a@1", "b@3"])
        #expect(regex.first(in: text)?.value == "a" && regex.first(in: text)?.line == 1)
        #expect(regex.first(in: "nothing here") == nil)
    }

    @Test func aNameFromTheInputIsMatchedLiterally() {
        // A name holding pattern characters matches itself, never what the characters would mean.
        let name = "Data.Scheme+"
        let regex = BuiltInRegex("\\b\(BuiltInRegex.escaped(name))\\s*=\\s*(\\w+)")
        #expect(regex.captures(in: "Data.Scheme+ = one; DataXScheme = two") == ["one"])
    }
}
