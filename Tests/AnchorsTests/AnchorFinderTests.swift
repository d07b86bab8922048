import Anchors
import Testing

@Suite struct AnchorFinderTests {
    func scan(_ text: String) -> AnchorScan { AnchorFinder.scan(Array(text.utf8)) }

    @Test func findsPathLineRangeAndTwoAnchorRangeInCodeSpansAndPlainText() {
        let found = scan(
            """
            See `Source/Api/Startup/AppAssociationEndpointExtensions.cs:63` and OAuthControllerBase.cs:137-140,
            the manifest `infra/main.bicep:12`-`infra/main.bicep:18`, and App.UI.csproj:130.
            """
        ).anchors
        #expect(
            found.map(\.text) == [
                "Source/Api/Startup/AppAssociationEndpointExtensions.cs:63", "OAuthControllerBase.cs:137-140",
                "infra/main.bicep:12`-`infra/main.bicep:18", "App.UI.csproj:130",
            ])
        #expect(found.map(\.start) == [63, 137, 12, 130])
        #expect(found.map(\.end) == [63, 140, 18, 130])
        #expect(found[0].line == 1 && found[0].column == 6)
        #expect(found[2].path == "infra/main.bicep")
    }

    @Test func commaListsGiveOneAnchorPerElementWithItsOwnBytes() {
        let text = "Tokens at `Auth.cs:69,70` and ModuleLoader.cs:20,109,288-294, then `:4`, `:5`.\n"
        let found = scan(text).anchors
        #expect(
            found.map(\.text) == [
                "Auth.cs:69", "Auth.cs:70", "ModuleLoader.cs:20", "ModuleLoader.cs:109", "ModuleLoader.cs:288-294",
                ":4",
                ":5",
            ])
        #expect(found.map(\.isListElement) == [false, true, false, true, true, false, false])
        #expect(found[4].start == 288 && found[4].end == 294 && found[4].path == "ModuleLoader.cs")
        #expect(found[1].pathBytes == nil && found[0].pathBytes != nil)
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[found[3].startBytes], as: UTF8.self) == "109")
    }

    @Test func elidedPathsAndEarlierRevisionSectionsAreRecognised() {
        let found = scan(
            """
            # ADR

            Runs at `.../Outbox/OutboxProcessor.cs:562` and Shared/.../Settings/OutboxSettings.cs:12.

            Revision (2026-08-01)

            1. Moved Src/A.cs:7.

            ## Revision (2026-08-07)

            2. Moved Src/A.cs:9.

            ## Later

            Src/A.cs:11.
            """
        ).anchors
        #expect(
            found.map(\.path) == [
                ".../Outbox/OutboxProcessor.cs", "Shared/.../Settings/OutboxSettings.cs", "Src/A.cs", "Src/A.cs",
                "Src/A.cs",
            ])
        #expect(found.map(\.revision) == [nil, nil, "2026-08-01", "2026-08-07", nil])
    }

    @Test func longBacktickRunsAndDeepNestingFindWhatIsThere() {
        var text = ""
        for k in 1...200 { text += String(repeating: "`", count: k) + " Src/A.cs:\(k) " }
        text += "\n" + String(repeating: "> ", count: 300) + String(repeating: "[", count: 3000) + "`B.cs:1`\n"
        let found = scan(text).anchors
        #expect(found.contains { $0.text == "B.cs:1" })
        #expect(found.filter { $0.path == "Src/A.cs" }.count == 200)
    }

    @Test func skipsFencedCodeUrlsTimesAndLineColumnSuffixes() {
        let found = scan(
            """
            Run it at 10:30 against https://example.com:443/x and see a.cs:12:5.

            ```
            Program.cs:99
            ```

                Indented.cs:5
            """
        ).anchors
        #expect(found.map(\.text) == ["a.cs:12"])
    }

    @Test func continuationsBindToTheLastFileInTheParagraphElseInTheSection() {
        let found = scan(
            """
            ## One

            The intent filter (Platforms/Android/MainActivity.cs:26-31, constant at :39) and the manifest
            Platforms/Android/AndroidManifest.xml carries permissions (:4-26).

            A later paragraph cites (:78-79).

            - an item naming Web/Program.cs:10
              and continuing at :12
            - another item at :20

            ## Two

            Nothing named here (:5).
            """
        ).anchors
        let bound = found.map { "\($0.text)=>\($0.path ?? "nil")" }
        #expect(
            bound == [
                "Platforms/Android/MainActivity.cs:26-31=>Platforms/Android/MainActivity.cs",
                ":39=>Platforms/Android/MainActivity.cs",
                ":4-26=>Platforms/Android/AndroidManifest.xml",
                ":78-79=>Platforms/Android/AndroidManifest.xml",
                "Web/Program.cs:10=>Web/Program.cs",
                ":12=>Web/Program.cs",
                ":20=>Web/Program.cs",
                ":5=>nil",
            ])
        #expect(found.allSatisfy { !$0.isHistorical })
        #expect(found[1].pathWritten == false && found[0].pathWritten)
    }

    @Test func historicalFormsAreMarked() {
        let found = scan(
            """
            Program.cs:181 (from `:149`), was `:160`, the previously cited :162, formerly at :170, \
            it used to sit at :171; both sat at :167 and :160. `:169` is now `:181`, `:176` now `:188`.
            """
        ).anchors
        #expect(
            found.map(\.text) == [
                "Program.cs:181", ":149", ":160", ":162", ":170", ":171", ":167", ":160", ":169", ":181", ":176",
                ":188",
            ])
        #expect(
            found.map(\.isHistorical) == [false, true, true, true, true, true, true, true, true, false, true, false])
        let notAMove = scan("Above it, Program.cs:174-179 is now an ADR-043 block comment.").anchors
        #expect(notAMove.map(\.isHistorical) == [false])
    }

    @Test func recordsByteRangesOfNumbersAndPathForRewriting() {
        let text = "x `Src/A.cs:12-14` y"
        let anchor = scan(text).anchors[0]
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[anchor.pathBytes!], as: UTF8.self) == "Src/A.cs")
        #expect(String(decoding: bytes[anchor.startBytes], as: UTF8.self) == "12")
        #expect(String(decoding: bytes[anchor.endBytes!], as: UTF8.self) == "14")
    }

    @Test func detectsCRLFAndHintsFromCodeSpans() {
        let result = scan("a\r\nThe `MapAppAssociationEndpoints` call at Program.cs:12.\r\n")
        #expect(result.lineEnding == "\r\n")
        #expect(result.anchors.count == 1)
        #expect(result.anchors[0].hints == ["MapAppAssociationEndpoints"])
    }
}
