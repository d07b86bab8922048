#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The words a `.csproj` says what it is with (a test SDK, `<OutputType>Exe`, a mobile target
/// framework, a Xamarin project type GUID), case-blind, found in three passes over its bytes
/// instead of one search each: every word starts with `<`, or starts with `microsoft.`, or has a
/// `-` at a known place (first, or after a GUID's eight hex digits). A pass over each `<`, each
/// `-` and each `microsoft.` meets every occurrence of every word, so the answer is what a search
/// for each would say (`DotNetMarksTests` holds it to that).
struct DotNetMarks: OptionSet {
    let rawValue: UInt32

    static let testSDK = DotNetMarks(rawValue: 1 << 0)
    static let isTestProject = DotNetMarks(rawValue: 1 << 1)
    static let exe = DotNetMarks(rawValue: 1 << 2)
    static let webSDK = DotNetMarks(rawValue: 1 << 3)
    static let workerSDK = DotNetMarks(rawValue: 1 << 4)
    static let functionsSDK = DotNetMarks(rawValue: 1 << 5)
    static let azureFunctionsVersion = DotNetMarks(rawValue: 1 << 6)
    static let aspNetCore = DotNetMarks(rawValue: 1 << 7)
    static let android = DotNetMarks(rawValue: 1 << 8)
    static let iOS = DotNetMarks(rawValue: 1 << 9)
    static let macCatalyst = DotNetMarks(rawValue: 1 << 10)
    static let xamarinAndroid = DotNetMarks(rawValue: 1 << 11)
    static let androidApplication = DotNetMarks(rawValue: 1 << 12)
    static let xamarinIOS = DotNetMarks(rawValue: 1 << 13)
    static let useMaui = DotNetMarks(rawValue: 1 << 14)

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Each word (lower-case), its mark, the byte a pass stops at and where that byte sits in the word.
    static let words: [(text: [UInt8], mark: DotNetMarks, anchor: UInt8, offset: Int)] = {
        let lt = UInt8(ascii: "<"), dash = UInt8(ascii: "-")
        let anchored: [(String, DotNetMarks, UInt8, Int)] =
            [
                ("<istestproject>true", .isTestProject, lt, 0), ("<outputtype>exe</outputtype>", .exe, lt, 0),
                ("<azurefunctionsversion>", .azureFunctionsVersion, lt, 0),
                ("<androidapplication>true", .androidApplication, lt, 0), ("<usemaui>true</usemaui>", .useMaui, lt, 0),
                ("-android", .android, dash, 0), ("-ios", .iOS, dash, 0), ("-maccatalyst", .macCatalyst, dash, 0),
                (DotNetTraits.xamarinAndroid, .xamarinAndroid, dash, 8),
            ] + DotNetTraits.xamarinIOS.map { ($0, .xamarinIOS, dash, 8) }
        let prefixed: [(String, DotNetMarks)] = [
            ("microsoft.net.test.sdk", .testSDK), ("microsoft.net.sdk.web", .webSDK),
            ("microsoft.net.sdk.worker", .workerSDK), ("microsoft.net.sdk.functions", .functionsSDK),
            ("microsoft.aspnetcore", .aspNetCore),
        ]
        return anchored.map { (Array($0.0.utf8), $0.1, $0.2, $0.3) }
            + prefixed.map { (Array($0.0.utf8), $0.1, UInt8(ascii: "m"), 0) }
    }()

    private static let microsoft = Array("microsoft.".utf8)

    /// The marks whose words `text` holds, in any case.
    init(_ text: ProjectFileBytes) {
        var found: DotNetMarks = []
        text.withFoldedBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            func holds(_ word: [UInt8], at start: Int) -> Bool {
                start >= 0 && start + word.count <= bytes.count && bytes[start + word.count - 1] == word[word.count - 1]
                    && memcmp(base + start, word, word.count) == 0
            }
            for anchor in [UInt8(ascii: "<"), UInt8(ascii: "-")] {
                var at = 0
                while at < bytes.count, let hit = memchr(base + at, Int32(anchor), bytes.count - at) {
                    let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    for word in Self.words where word.anchor == anchor && holds(word.text, at: position - word.offset) {
                        found.insert(word.mark)
                    }
                    at = position + 1
                }
            }
            var from = 0
            while let position = ByteSearch.firstIndex(
                of: Self.microsoft, in: bytes, from: from, to: bytes.count, ignoringCase: false)
            {
                for word in Self.words where word.anchor == UInt8(ascii: "m") && holds(word.text, at: position) {
                    found.insert(word.mark)
                }
                from = position + 1
            }
        }
        self = found
    }
}
