import Foundation
import TestSupport
import Testing

@testable import Artifact

/// The property list reader against Python's `plistlib`, which writes both formats.
@Suite struct PropertyListTests {
    /// Seconds from 2001-01-01 to 2027-01-31T12:00:00Z.
    static let dateSeconds = Date(timeIntervalSince1970: 1_801_396_800).timeIntervalSinceReferenceDate

    static let cases: [(python: String, expected: PropertyList)] = [
        ("'plain ascii'", .string("plain ascii")),
        ("'héllo ✓ 𝄞 日本'", .string("héllo ✓ 𝄞 日本")),
        ("'<&> \"quoted\" \\'apos\\''", .string("<&> \"quoted\" 'apos'")),
        ("''", .string("")),
        ("0", .integer(0)),
        ("-1", .integer(-1)),
        ("255", .integer(255)),
        ("65536", .integer(65536)),
        ("2**63 - 1", .integer(Int64.max)),
        ("-2**63", .integer(Int64.min)),
        ("2**64 - 1", .unsignedInteger(UInt64.max)),
        ("1.5", .real(1.5)),
        ("-0.25e-10", .real(-0.25e-10)),
        ("True", .boolean(true)),
        ("False", .boolean(false)),
        ("b''", .data([])),
        ("bytes(range(256))", .data((0...255).map(UInt8.init))),
        ("datetime.datetime(2027, 1, 31, 12, 0, 0)", .date(dateSeconds)),
        ("[]", .array([])),
        ("{}", .dictionary([:])),
        ("[[], {}, [[[]]]]", .array([.array([]), .dictionary([:]), .array([.array([.array([])])])])),
        (
            "{'a': 'x', 'é': [1, 'x', {'b': b'\\x00'}], 'empty': ''}",
            .dictionary([
                "a": .string("x"), "é": .array([.integer(1), .string("x"), .dictionary(["b": .data([0])])]),
                "empty": .string(""),
            ])
        ),
        ("['shared'] * 3", .array(Array(repeating: .string("shared"), count: 3))),
        ("list(range(300))", .array((0..<300).map { .integer(Int64($0)) })),
        ("'x' * 70000", .string(String(repeating: "x", count: 70000))),
    ]

    static let writer = """
        import sys, plistlib, datetime
        value = eval(sys.argv[1])
        top = {"value": value}
        sys.stdout.write(plistlib.dumps(top, fmt=plistlib.FMT_BINARY).hex() + "\\n")
        sys.stdout.write(plistlib.dumps(top, fmt=plistlib.FMT_XML).hex() + "\\n")
        """

    @Test(arguments: 0..<cases.count)
    func readsWhatPlistlibWrites(index: Int) throws {
        let (python, expected) = Self.cases[index]
        let output = runPython(Self.writer, [python])
        try #require(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        try #require(lines.count == 2)
        for (format, hex) in zip(["binary", "XML"], lines) {
            let read = try PropertyList(hexBytes(hex), name: "\(format) \(python)")
            #expect(read == .dictionary(["value": expected]), "\(format) plist of \(python)")
        }
    }

    @Test func xmlCommentsCDATAAndCharacterReferencesAreText() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>a</key><string><![CDATA[<raw & text>]]> &#233;&#x2713;</string>
              <!-- between -->
              <key>b</key><true/><key>c</key><array/><key>d</key><string/>
            </dict></plist>
            """
        let read = try PropertyList(Array(xml.utf8), name: "test")
        #expect(
            read
                == .dictionary([
                    "a": .string("<raw & text> é✓"), "b": .boolean(true), "c": .array([]), "d": .string(""),
                ]))
    }

    @Test(arguments: [
        "<plist><dict><key>a</key></dict></plist>",
        "<plist><dict><key>a</key><string>x</string><key>a</key><string>y</string></dict></plist>",
        "<plist><integer>12x</integer></plist>",
        "<plist><integer>99999999999999999999999</integer></plist>",
        "<plist><string>unclosed</plist>",
        "<plist><string>&bogus;</string></plist>",
        "<plist><data>!!!</data></plist>",
        "<plist><date>yesterday</date></plist>",
        "<plist><unknown/></plist>",
        "<plist><string>a</string></plist>trailing",
        "<plist><dict><string>not a key</string></dict></plist>",
        "<plist><![CDATA[",
        "<!-- never closed",
        "",
    ])
    func malformedXMLIsAProblem(xml: String) {
        #expect(throws: ArtifactProblem.self) { try PropertyList(Array(xml.utf8), name: "test") }
    }

    @Test func deepXMLNestingIsRefused() {
        let xml =
            "<plist>" + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
            + "</plist>"
        let problem = #expect(throws: ArtifactProblem.self) { try PropertyList(Array(xml.utf8), name: "deep") }
        #expect(problem?.reason.contains("deeper than") == true)
    }
}

/// Bytes from hex text.
func hexBytes(_ hex: some StringProtocol) -> [UInt8] {
    var out: [UInt8] = []
    var high: UInt8?
    for character in hex {
        guard let nibble = character.hexDigitValue.map(UInt8.init) else { continue }
        if let pending = high {
            out.append(pending << 4 | nibble)
            high = nil
        } else {
            high = nibble
        }
    }
    return out
}
