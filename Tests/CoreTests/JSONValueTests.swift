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

/// `JSONWriter` writes, as it goes, the bytes `JSONValue.rendered()` writes for the same tree:
/// numbers of every length, nesting, and an array joined from fragments written apart.
@Suite struct JSONWriterTests {
    @Test func writesWhatTheTreeRenders() {
        let numbers = [0, 7, 10, 99, 12_345, Int.max, -3, Int.min + 1]
        var w = JSONWriter()
        w.object { w in
            w.key("n")
            w.array(numbers) { $0.int($1) }
            w.field("s", "a \"quoted\" line\n")
            w.key("nested")
            w.object { w in w.field(JSONKey("deep"), 1) }
        }
        let tree = JSONValue.object([
            ("n", .array(numbers.map { .int($0) })), ("s", .string("a \"quoted\" line\n")),
            ("nested", .object([("deep", .int(1))])),
        ])
        #expect(w.text == tree.rendered())
        // The same by count: empty, one item, several, inside an object's field.
        for count in [0, 1, 3] {
            var byCount = JSONWriter(), byCollection = JSONWriter()
            byCount.object { w in
                w.key("n")
                w.array(count: count) { $0.int(numbers[$1]) }
            }
            byCollection.object { w in
                w.key("n")
                w.array(numbers.prefix(count)) { $0.int($1) }
            }
            #expect(byCount.text == byCollection.text)
        }
    }

    @Test func aRepeatedValueIsCopiedAsWrittenAndWrittenAgainAtAnotherDepth() {
        let names = ["app", "server \"a\"", "site"]
        // Each entry carries the same list, once inside a nested object (another depth).
        func write(_ w: inout JSONWriter, repeating: Bool) -> Int {
            var written: JSONWriter.Written?
            var bodies = 0
            func list(_ w: inout JSONWriter) {
                guard repeating else { return w.array(names) { $0.string($1) } }
                w.value(repeating: &written) { w in
                    bodies += 1
                    w.array(names) { $0.string($1) }
                }
            }
            w.object { w in
                w.key("entries")
                w.array(count: 4) { w, k in
                    w.object { w in
                        w.field("k", k)
                        w.key("products")
                        if k == 2 {
                            w.object { w in
                                w.key("inner")
                                list(&w)
                            }
                        } else {
                            list(&w)
                        }
                    }
                }
            }
            return bodies
        }
        var copied = JSONWriter(), plain = JSONWriter()
        let bodies = write(&copied, repeating: true)
        _ = write(&plain, repeating: false)
        #expect(copied.text == plain.text)
        // Written for the first entry, at the nested depth, and once more back at the entries' depth.
        #expect(bodies == 3)
    }

    @Test func aRepeatedValueIsWrittenAgainAfterASplice() {
        func write(_ w: inout JSONWriter, repeating: Bool) -> Int {
            var written: JSONWriter.Written?
            var bodies = 0
            func value(_ w: inout JSONWriter) {
                guard repeating else { return w.string("the same long value") }
                w.value(repeating: &written) { w in
                    bodies += 1
                    w.string("the same long value")
                }
            }
            w.object { w in
                w.key("a")
                value(&w)
                w.key("spliced")
                var fragment = w.fragment()
                fragment.item { $0.int(1) }
                w.array(splicing: [fragment])
                w.key("b")
                value(&w)
            }
            return bodies
        }
        var copied = JSONWriter(), plain = JSONWriter()
        #expect(write(&copied, repeating: true) == 2)
        _ = write(&plain, repeating: false)
        #expect(copied.chunks.joined().elementsEqual(plain.chunks.joined()))
    }

    @Test func anArrayJoinedFromFragmentsIsTheArrayWrittenInOne() {
        let items = Array(0..<10)
        var whole = JSONWriter()
        whole.object { w in
            w.key("items")
            w.array(items) { w, k in w.object { $0.field("k", k) } }
        }
        var joined = JSONWriter()
        joined.object { w in
            w.key("items")
            let slices = [0..<3, 3..<3, 3..<10]
            let fragments = slices.map { slice in
                var fragment = w.fragment()
                for k in items[slice] { fragment.item { w in w.object { $0.field("k", k) } } }
                return fragment
            }
            w.array(joining: fragments)
        }
        #expect(joined.text == whole.text)
    }
}
