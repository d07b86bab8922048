import RelopsCore
import Testing

/// `Platform.parse(list:)` reads a `--platforms`-style list once, at the edge.
@Suite struct PlatformTests {
    @Test func aListOfFlagWordsBecomesPlatforms() throws {
        let known: [Platform] = [.android, .iOS]
        #expect(try Platform.parse(list: "android,ios", option: "--platforms", known: known) == [.android, .iOS])
        #expect(try Platform.parse(list: " IOS  ", option: "--platforms", known: known) == [.iOS])
        #expect(try Platform.parse(list: "android, android", option: "--platforms", known: known) == [.android])
        // The help's and the domain cutover runbook's word for the default.
        #expect(try Platform.parse(list: "both", option: "--platforms", known: known) == [.android, .iOS])
        #expect(try Platform.parse(list: "Both,ios", option: "--platforms", known: known) == [.android, .iOS])
    }

    @Test func anEmptyListIsNoValue() throws {
        #expect(try Platform.parse(list: nil, option: "--platforms", known: [.android]) == nil)
        #expect(try Platform.parse(list: " , ", option: "--platforms", known: [.android]) == nil)
    }

    @Test func anUnknownOrUnofferedWordIsBadUsageNamingIt() {
        for (text, word) in [("android,windows", "windows"), ("macos", "macos")] {
            do {
                _ = try Platform.parse(list: text, option: "--platforms", known: [.android, .iOS])
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.category == .usage)
                #expect(error.message == "--platforms \(text): unknown platform `\(word)` (known: android, ios)")
            }
        }
    }

    @Test func flagWordsRoundTrip() {
        for platform in Platform.allCases {
            #expect(Platform(flagName: platform.flagName.uppercased()) == platform)
        }
        #expect(Platform(flagName: "windows") == nil)
    }
}
