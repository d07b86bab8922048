import Foundation
import RelopsCore
import Testing

/// `JSONValueEncoder`: a `Codable` type written as the ordered `JSONValue` a hand-built tree is.
@Suite struct JSONValueEncoderTests {
    struct Inner: Codable, Equatable {
        var flag: Bool
        var ratio: Double
        var small: UInt8
    }

    struct Outer: Encodable {
        var zulu = "last key first"
        var alpha: Int? = nil
        var list: [Inner] = [Inner(flag: true, ratio: 0.5, small: 7)]
        var nested: [[Int]] = [[1, 2], []]
        var skipped: String? = nil

        enum CodingKeys: String, CodingKey { case zulu, alpha, list, nested, skipped, extra }

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(zulu, forKey: .zulu)
            try object.encode(alpha, forKey: .alpha)
            try object.encode(list, forKey: .list)
            try object.encode(nested, forKey: .nested)
            try object.encodeIfPresent(skipped, forKey: .skipped)
            var extra = object.nestedContainer(keyedBy: CodingKeys.self, forKey: .extra)
            try extra.encodeNil(forKey: .alpha)
            var items = extra.nestedUnkeyedContainer(forKey: .list)
            try items.encode("a")
            try items.encodeNil()
        }
    }

    @Test func keysKeepTheirEncodingOrderAndNilIsNullUnlessSkipped() throws {
        let json = try JSONValueEncoder().encode(Outer())
        #expect(
            json
                == .object([
                    ("zulu", .string("last key first")), ("alpha", .null),
                    ("list", .array([.object([("flag", .bool(true)), ("ratio", .double(0.5)), ("small", .int(7))])])),
                    ("nested", .array([.array([.int(1), .int(2)]), .array([])])),
                    ("extra", .object([("alpha", .null), ("list", .array([.string("a"), .null]))])),
                ]))
    }

    @Test func theRenderingIsThatOfTheSameTreeBuiltByHand() throws {
        let inner = Inner(flag: false, ratio: 2, small: 255)
        let byHand = JSONValue.object([("flag", .bool(false)), ("ratio", .double(2)), ("small", .int(255))])
        #expect(try JSONValueEncoder().encode(inner).rendered() == byHand.rendered())
        #expect(try JSONValueEncoder().encode([inner]).rendered(pretty: false) == "[\(byHand.rendered(pretty: false))]")
    }

    @Test func anIntegerBeyondIntIsAnErrorNotAWrongNumber() throws {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([UInt64.max]) }
        #expect(try JSONValueEncoder().encode([UInt64(Int.max)]) == .array([.int(Int.max)]))
    }
}
