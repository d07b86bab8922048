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
