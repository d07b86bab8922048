import Fingerprint
import Foundation
import RelopsCore
import Testing

let keyPath = ["AppAssociation", "AndroidCertFingerprints"]

func edit(_ text: String, to values: [String]) throws -> String {
    let document = try JSONCDocument(text: text, path: "appsettings.json")
    return String(decoding: try JSONCEditor.setStringArray(document, at: keyPath, to: values), as: UTF8.self)
}

@Suite struct JSONCEditorTests {
    static let commented = """
        {
          // Served by the UI.Web host as /.well-known/assetlinks.json
          "Logging": { "LogLevel": { "Default": "Information" } }, /* keep */
          "AppAssociation": {
            "AndroidPackageName": "com.example.app",
            "AndroidCertFingerprints": [
              "REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT" // set at release
            ],
            "AppleAppIds": [ "ABCDE12345.com.example.app", ],
          },
        }

        """

    @Test func replacesTheValueAndKeepsEveryOtherByte() throws {
        let out = try edit(Self.commented, to: ["AA:BB"])
        #expect(
            out
                == Self.commented.replacingOccurrences(
                    of: "\"REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT\"", with: "\"AA:BB\""))
    }

    @Test func appendsOnANewLineIndentedLikeItsSibling() throws {
        let text =
            "{\n    \"AppAssociation\": {\n        \"AndroidCertFingerprints\": [\n            \"AA\"\n        ]\n    }\n}\n"
        let out = try edit(text, to: ["AA", "BB"])
        #expect(
            out
                == "{\n    \"AppAssociation\": {\n        \"AndroidCertFingerprints\": [\n            \"AA\",\n            \"BB\"\n        ]\n    }\n}\n"
        )
    }

    @Test func appendsAfterATrailingCommaAndATrailingComment() throws {
        let trailing = "{\"AppAssociation\":{\"AndroidCertFingerprints\":[\n  \"AA\", // old\n]}}"
        #expect(
            try edit(trailing, to: ["AA", "BB"])
                == "{\"AppAssociation\":{\"AndroidCertFingerprints\":[\n  \"AA\", // old\n  \"BB\",\n]}}")
        let commentNoComma = "{\"AppAssociation\":{\"AndroidCertFingerprints\":[\n  \"AA\" // old\n]}}"
        #expect(
            try edit(commentNoComma, to: ["AA", "BB"])
                == "{\"AppAssociation\":{\"AndroidCertFingerprints\":[\n  \"AA\", // old\n  \"BB\"\n]}}")
    }

    @Test func keepsCRLFAndTheByteOrderMark() throws {
        let text =
            "\u{FEFF}{\r\n  \"AppAssociation\": {\r\n    \"AndroidCertFingerprints\": [\r\n      \"AA\"\r\n    ]\r\n  }\r\n}\r\n"
        let out = try edit(text, to: ["AA", "BB"])
        #expect(
            out
                == "\u{FEFF}{\r\n  \"AppAssociation\": {\r\n    \"AndroidCertFingerprints\": [\r\n      \"AA\",\r\n      \"BB\"\r\n    ]\r\n  }\r\n}\r\n"
        )
        let back = try edit(out, to: ["AA"])
        #expect(back == text)
    }

    @Test func removesAnElementWithItsLineAndComment() throws {
        let text =
            "{ \"AppAssociation\": { \"AndroidCertFingerprints\": [\n    \"AA\", // current\n    \"BB\" // retiring\n  ] } }"
        #expect(
            try edit(text, to: ["AA"])
                == "{ \"AppAssociation\": { \"AndroidCertFingerprints\": [\n    \"AA\" // current\n  ] } }")
        #expect(
            try edit(text, to: ["BB"])
                == "{ \"AppAssociation\": { \"AndroidCertFingerprints\": [\n    \"BB\" // retiring\n  ] } }")
    }

    @Test func editsInlineArrays() throws {
        let text = "{\"AppAssociation\":{\"AndroidCertFingerprints\":[\"AA\", \"BB\", \"CC\"]}}"
        #expect(
            try edit(text, to: ["AA", "CC"]) == "{\"AppAssociation\":{\"AndroidCertFingerprints\":[\"AA\", \"CC\"]}}")
        #expect(try edit(text, to: ["DD"]) == "{\"AppAssociation\":{\"AndroidCertFingerprints\":[\"DD\"]}}")
        #expect(
            try edit("{\"AppAssociation\":{\"AndroidCertFingerprints\":[]}}", to: ["AA"])
                == "{\"AppAssociation\":{\"AndroidCertFingerprints\":[\"AA\"]}}")
        #expect(
            try edit(text, to: ["AA", "BB", "CC", "DD"])
                == "{\"AppAssociation\":{\"AndroidCertFingerprints\":[\"AA\", \"BB\", \"CC\", \"DD\"]}}")
    }

    @Test func findsKeysWithoutCaseLikeDotNet() throws {
        let text = "{\"appassociation\":{\"androidcertfingerprints\":[\"AA\"]}}"
        #expect(try edit(text, to: ["BB"]) == "{\"appassociation\":{\"androidcertfingerprints\":[\"BB\"]}}")
    }

    @Test func refusesAMissingKeyANonArrayAndAnEmptyResult() throws {
        let error = #expect(throws: JSONCEditError.self) { try edit("{\"AppAssociation\":{}}", to: ["AA"]) }
        #expect(error?.description == "appsettings.json: no key AppAssociation:AndroidCertFingerprints")
        let notArray = #expect(throws: JSONCEditError.self) {
            try edit("{\n\"AppAssociation\":{\"AndroidCertFingerprints\": \"AA\"}}", to: ["BB"])
        }
        #expect(
            notArray?.description == "appsettings.json:2:46: AppAssociation:AndroidCertFingerprints is not an array")
        #expect(throws: JSONCEditError.self) {
            try edit("{\"AppAssociation\":{\"AndroidCertFingerprints\":[\"AA\"]}}", to: [])
        }
    }

    @Test(arguments: [
        ("{\n  \"a\": [1,, 2]\n}", "appsettings.json:2:11: unexpected ',', expected a value"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", "appsettings.json:3:3: unexpected '\"', expected ',' or '}'"),
        ("{ /* open", "appsettings.json:1:3: unterminated /* comment"),
        ("{\"a\": \"x", "appsettings.json:1:7: unterminated string"),
        (
            "{\"a\": 1, \"A\": 2}",
            "appsettings.json:1:10: duplicate key \"A\" (.NET configuration refuses a key given twice)"
        ),
        ("", "appsettings.json:1:1: no JSON value"),
        ("{} {}", "appsettings.json:1:4: unexpected '{' after the JSON value"),
        ("{\"a\": 01}", "appsettings.json:1:8: unexpected '1', expected ',' or '}'"),
    ])
    func reportsMalformedTextWithALocation(_ text: String, _ message: String) {
        let error = #expect(throws: JSONCError.self) { try JSONCDocument(text: text, path: "appsettings.json") }
        #expect(error?.description == message)
    }

    @Test func strictModeRefusesWhatDotNetAllows() {
        #expect(throws: JSONCError.self) { try JSONCDocument(text: "[1, // c\n2]", path: "x", strict: true) }
        #expect(throws: JSONCError.self) { try JSONCDocument(text: "[1, 2,]", path: "x", strict: true) }
        #expect(throws: JSONCError.self) { try JSONCDocument(text: "\u{FEFF}[]", path: "x", strict: true) }
        #expect((try? JSONCDocument(text: "[1, 2]", path: "x", strict: true)) != nil)
    }

    @Test func decodesStringsAndValues() throws {
        let document = try JSONCDocument(
            text: #"{"s": "a\u00e9\n\ud83d\ude00", "n": -1.5e2, "t": true, "z": null}"#, path: "x")
        #expect(document.node(at: ["s"])?.string == "aé\n😀")
        #expect(
            document.root.value
                == .object([("s", .string("aé\n😀")), ("n", .double(-150)), ("t", .bool(true)), ("z", .null)]))
    }
}

/// The fuzz target's property, run over its seed corpus: an edit either refuses, or re-parses to
/// the asked values and keeps every byte outside the array.
@Suite struct JSONCEditorCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/FuzzJSONEditor/corpus").path

    @Test func everySeedKeepsTheBytesOutsideTheArray() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).sorted()
        #expect(names.count >= 5)
        var edits = 0
        for name in names {
            let bytes = Array(FileManager.default.contents(atPath: Self.corpus + "/" + name) ?? Data())
            let document = try JSONCDocument(bytes: bytes, path: name)
            guard let array = document.node(at: keyPath) else { continue }
            let existing = array.elements?.compactMap(\.string) ?? []
            for values in [["NEW"], existing + ["NEW"], Array(existing.dropFirst()), Array(existing.reversed())]
            where !values.isEmpty {
                let out = try JSONCEditor.setStringArray(document, at: keyPath, to: values)
                let edited = try JSONCDocument(bytes: out, path: name)
                #expect(Set(edited.node(at: keyPath)?.elements?.compactMap(\.string) ?? []) == Set(values), "\(name)")
                let head = array.range.lowerBound + 1, tail = bytes.count - array.range.upperBound + 1
                #expect(out.prefix(head).elementsEqual(bytes.prefix(head)), "\(name)")
                #expect(out.suffix(tail).elementsEqual(bytes.suffix(tail)), "\(name)")
                edits += 1
            }
        }
        #expect(edits >= 12)
    }
}
