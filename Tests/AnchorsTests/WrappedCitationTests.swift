import Anchors
import Testing

/// Citations spread over the physical lines of one paragraph, and lines cited in words.
@Suite struct WrappedCitationTests {
    func scan(_ text: String) -> AnchorScan { AnchorFinder.scan(Array(text.utf8)) }
    func bound(_ text: String) -> [String] { scan(text).anchors.map { "\($0.text)=>\($0.path ?? "nil")" } }

    @Test func aFileNamedOnceInAWrappedParagraphBindsEveryBareRangeAfterIt() {
        let di = "Source/Shared/Infrastructure/DependencyInjection.cs"
        #expect(
            bound(
                """
                ## Settings

                Options are read from `appsettings.json`.

                Each settings class is bound in `\(di)`, one block
                per class: `JwtSettings` `:60-63`, `OutboxSettings` `:74-77`,
                `CacheSettings` `:80-83` and
                `RateLimitingSettings` `:90-93`.
                """) == [":60-63=>\(di)", ":74-77=>\(di)", ":80-83=>\(di)", ":90-93=>\(di)"])
    }

    @Test func aListItemAndATableRowCarryTheirOwnFile() {
        #expect(
            bound(
                """
                - `Src/Api/DependencyInjection.cs` registers `JwtSettings`
                  at `:60-63` and `OutboxSettings`
                  at `:74-77`.
                - `Src/Web/Program.cs` starts the host at `:12`.

                | File | Lines |
                | --- | --- |
                | `Src/Api/Startup.cs` | `:5-9` |
                | `Src/Web/Routes.cs` | `:30` |
                """)
                == [
                    ":60-63=>Src/Api/DependencyInjection.cs", ":74-77=>Src/Api/DependencyInjection.cs",
                    ":12=>Src/Web/Program.cs", ":5-9=>Src/Api/Startup.cs", ":30=>Src/Web/Routes.cs",
                ])
    }

    @Test func linesInWordsCiteTheFileTheirSentenceNamesBeforeThem() throws {
        let text = """
            The host (the registration in `Source/.../DependencyInjection.cs`, lines 121-125) and
            `Src/Api/Program.cs`, where Lines 40–44 map the routes and line 42 the callback.
            """
        let found = scan(text).anchors
        try #require(
            found.map(\.text) == [
                "Source/.../DependencyInjection.cs:121-125", "Src/Api/Program.cs:40-44", "Src/Api/Program.cs:42",
            ])
        #expect(found.map(\.start) == [121, 40, 42] && found.map(\.end) == [125, 44, 42])
        let bytes = Array(text.utf8)
        let pathBytes = try #require(found[0].pathBytes)
        #expect(String(decoding: bytes[pathBytes], as: UTF8.self) == "Source/.../DependencyInjection.cs")
        #expect(String(decoding: bytes[found[0].startBytes], as: UTF8.self) == "121")
        #expect(found[1].endBytes.map { String(decoding: bytes[$0], as: UTF8.self) } == "44")
        // The first citation of a path holds its bytes; a later one cites the file without them.
        #expect(found.map(\.pathWritten) == [true, true, false])
        #expect(found[2].pathBytes == nil && found.allSatisfy { !$0.isHistorical })
    }

    @Test func aSentenceWrappedOverTwoLinesCarriesItsFile() {
        #expect(
            bound(
                """
                The callback is registered in `Src/Api/Program.cs`
                at lines 30-34, after the routes.
                """) == ["Src/Api/Program.cs:30-34=>Src/Api/Program.cs"])
    }

    @Test func linesInWordsWithNoFileInTheirSentenceAreNoAnchors() {
        let found = scan(
            """
            Read lines 3 to 5 of the poem, then lines 7-9 and line 12 of the second one.

            The code lives in `Src/A.cs`. Lines 3-5 of the poem rhyme; see line 2 of it?
            Line 8 of the song is next. `Src/B.cs` has 300 lines, a line 4.5 long.

            - `Src/C.cs` is one item.
            - line 6 of the poem is another.
            - `Src/D.cs` has lines 3 and 4 of the poem.

            `Src/E.cs` is one paragraph.

            Lines 1-2 of the next are not its lines.

            2. Left for a person, invalid: line 8, which was `Src/F.cs:9` (past the end); line 8, which was
               `Src/G.cs:40`.
            """
        ).anchors
        #expect(found.map(\.text) == ["Src/F.cs:9", "Src/G.cs:40"])
    }

    @Test func linesInWordsInATableRowOrListItemCiteThatRowsOrItemsFile() {
        #expect(
            bound(
                """
                | File | Lines |
                | --- | --- |
                | `Src/A.cs` | lines 3-5 |
                | the poem | lines 7-9 |

                - `Src/B.cs`, where line 7
                  holds the call.
                - line 9 of the poem.
                """) == ["Src/A.cs:3-5=>Src/A.cs", "Src/B.cs:7=>Src/B.cs"])
    }

    @Test func aFormerPositionInWordsIsHistorical() {
        let found = scan("In `Src/A.cs` the call, previously at lines 12-14, now sits at lines 20-22.\n").anchors
        #expect(found.map(\.text) == ["Src/A.cs:12-14", "Src/A.cs:20-22"])
        #expect(found.map(\.isHistorical) == [true, false])
    }
}
