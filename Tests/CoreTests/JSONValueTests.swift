import Foundation
import RelopsCore
import Testing

@Suite struct JSONValueTests {
    @Test func rendersEscapesAndUnicodeThatJSONParsersReadBack() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{07} é 漢 \u{1F600} end"
        let value = JSONValue.object([
            ("k\"ey", .string(text)), ("n", .int(-3)), ("a", .array([.null, .bool(true), .double(1.5)])),
            ("empty", .object([])), ("none", .array([])),
        ])
        for pretty in [true, false] {
            let rendered = value.rendered(pretty: pretty)
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: Any])
            #expect(parsed["k\"ey"] as? String == text)
            #expect(parsed["n"] as? Int == -3)
            #expect((parsed["a"] as? [Any])?.count == 3)
        }
        #expect(JSONValue.string("a\u{07}").rendered() == "\"a\\u0007\"")
        #expect(JSONValue.object([("a", .int(1))]).rendered(pretty: false) == "{\"a\":1}")
        #expect(JSONValue.object([("a", .array([.int(1)]))]).rendered() == "{\n  \"a\": [\n    1\n  ]\n}")
    }
}

/// The string writer skips eight bytes at a time: it must escape exactly what a byte-by-byte
/// escaper escapes, wherever the special byte falls in a word and whatever follows it.
@Suite struct JSONStringEscapeTests {
    /// The escaping of RFC 8259 as relops writes it, one scalar at a time.
    func escaped(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func everySpecialByteIsEscapedAtEveryPositionOfAWord() {
        let plain = Array("abcdefghijklmnopqrstuvwxyz0123456789 !#$%&'()*+,-./:;<=>?@[]^_`{|}~é€😀".unicodeScalars)
        let special: [Unicode.Scalar] = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", " ", "!"]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<30 {
                var scalars = String.UnicodeScalarView()
                for _ in 0..<length {
                    let pool = Int.random(in: 0..<4, using: &generator) == 0 ? special : plain
                    scalars.append(pool.randomElement(using: &generator)!)
                }
                let text = String(scalars)
                #expect(JSONValue.string(text).rendered() == escaped(text), "\(Array(text.utf8))")
            }
        }
    }
}
