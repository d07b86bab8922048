import Anchors
import Testing

/// Lines cited in words in the shapes ADRs write them: "lines 3 to 5", two ranges of one file
/// ("lines 60-63 and 74-77"), a list of ranges hard-wrapped onto the paragraph's next line.
@Suite struct ProseRangeTests {
    func scan(_ text: String) -> AnchorScan { AnchorFinder.scan(Array(text.utf8)) }
    func bound(_ text: String) -> [String] { scan(text).anchors.map { "\($0.text)=>\($0.path ?? "nil")" } }
    func numbers(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return scan(text).anchors.map { anchor in
            let start = String(decoding: bytes[anchor.startBytes], as: UTF8.self)
            return anchor.endBytes.map { start + ".." + String(decoding: bytes[$0], as: UTF8.self) } ?? start
        }
    }

    @Test func aRangeWrittenWithToOrThroughIsOneCitation() {
        let text = """
            The outbox options are bound in `Src/Api/DependencyInjection.cs`, lines 60 to 63, and the
            host is registered at lines 121 through 125 of the same file.
            """
        #expect(
            bound(text) == [
                "Src/Api/DependencyInjection.cs:60-63=>Src/Api/DependencyInjection.cs",
                "Src/Api/DependencyInjection.cs:121-125=>Src/Api/DependencyInjection.cs",
            ])
        // A re-pin rewrites the numbers only: "to" and "through" stay as written.
        #expect(numbers(text) == ["60..63", "121..125"])
    }

    @Test func twoRangesOfOneFileAreTwoCitations() {
        let di = "Source/Modules/Conference/DependencyInjection.cs"
        let text = """
            `JwtSettings` and `OutboxSettings` are bound in `\(di)`, lines 60-63 and 74-77; the
            cache in `Src/Cache.cs`, lines 3, 7 and 9-11.
            """
        #expect(
            bound(text) == [
                "\(di):60-63=>\(di)", "\(di):74-77=>\(di)", "Src/Cache.cs:3=>Src/Cache.cs",
                "Src/Cache.cs:7=>Src/Cache.cs", "Src/Cache.cs:9-11=>Src/Cache.cs",
            ])
        #expect(numbers(text) == ["60..63", "74..77", "3", "7", "9..11"])
        // The first citation of the path holds its bytes; the ranges after it cite the file without them.
        #expect(scan(text).anchors.map(\.pathWritten) == [true, false, true, false, false])
    }

    @Test func aNumberThatRunsOnIntoProseEndsTheList() {
        #expect(
            bound("See `Src/A.cs`, lines 3-5 and 2 other places, and lines 8 and 9 more.\n")
                == ["Src/A.cs:3-5=>Src/A.cs"])
    }

    @Test func aListHardWrappedOntoTheParagraphsNextLineContinuesThere() {
        let di = "Source/Shared/Infrastructure/DependencyInjection.cs"
        #expect(
            bound(
                """
                Each settings class is bound in `\(di)`, lines 60-63 and
                74-77, and the health checks at lines 90-93,
                  101-104 and 110-112 register the probes.
                """) == [
                    "\(di):60-63=>\(di)", "\(di):74-77=>\(di)", "\(di):90-93=>\(di)", "\(di):101-104=>\(di)",
                    "\(di):110-112=>\(di)",
                ])
    }

    @Test func aFileIsNeverCarriedAcrossAParagraphOrIntoAListItemNamingAnother() {
        #expect(
            bound(
                """
                The options live in `Src/A.cs`, lines 3-5 and

                7-9 of the next paragraph are a poem; lines 12 to 14 are too.

                - `Src/B.cs`, lines 20-22 and
                - `Src/C.cs`, lines 30 to 31.
                1. `Src/D.cs`, lines 40-41 and
                2. 50-51 are numbers of an item of its own.

                | File | Lines |
                | --- | --- |
                | `Src/E.cs` | lines 5 to 6 and 8-9 |
                | the poem | lines 1 to 2 |
                """) == [
                    "Src/A.cs:3-5=>Src/A.cs", "Src/B.cs:20-22=>Src/B.cs", "Src/C.cs:30-31=>Src/C.cs",
                    "Src/D.cs:40-41=>Src/D.cs", "Src/E.cs:5-6=>Src/E.cs", "Src/E.cs:8-9=>Src/E.cs",
                ])
    }
}
