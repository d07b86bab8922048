/// A platform an app is built for: what decides which store gets a new binary and which
/// association document (`assetlinks.json` for Android, `apple-app-site-association` for
/// Apple's) a link claim needs. Read from build files, never from a product's description.
public enum Platform: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Android phones and tablets; Wear OS and Android TV apps too.
    case android = "Android"
    /// iPhone and iPad.
    case iOS = "iOS"
    /// An iPad app running on the Mac (MAUI's `-maccatalyst`): ships through Apple's store as iOS does.
    case macCatalyst = "Mac Catalyst"
    /// A Mac app (an Xcode project whose SDK is macOS only).
    case macOS = "macOS"
    /// An Electron or Tauri desktop app.
    case desktop

    /// True for the platforms whose apps read `apple-app-site-association` and ship through Apple's
    /// iOS store: iOS and Mac Catalyst.
    public var isAppleMobile: Bool { self == .iOS || self == .macCatalyst }

    /// In declaration order.
    public static func < (a: Platform, b: Platform) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension Platform {
    /// The platform's word in a flag, a runbook `when:` and the `platforms` variable: `android`,
    /// `ios`, `maccatalyst`, `macos`, `desktop`.
    public var flagName: String {
        switch self {
        case .android: "android"
        case .iOS: "ios"
        case .macCatalyst: "maccatalyst"
        case .macOS: "macos"
        case .desktop: "desktop"
        }
    }

    /// The platform whose `flagName` is `word` (any case), or nil.
    public init?(flagName word: String) {
        guard let platform = Platform.allCases.first(where: { $0.flagName == word.lowercased() }) else { return nil }
        self = platform
    }

    /// The words of a comma- or space-separated list such as `android,ios`, lowercased, in order.
    public static func words(of list: String) -> [String] {
        list.lowercased().split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }

    /// Reads a comma- or space-separated list of platforms such as `--platforms android,ios`; an
    /// empty or missing list is nil, and `both` (what the help and the runbooks call the default)
    /// is every one of `known`. A word that is not one of `known` is bad usage, named with
    /// `option` and the list as given.
    public static func parse(list text: String?, option: String, known: [Platform]) throws(Failure) -> Set<Platform>? {
        let words = words(of: text ?? "")
        guard !words.isEmpty else { return nil }
        var out: Set<Platform> = []
        for word in words {
            if word == "both" {
                out.formUnion(known)
                continue
            }
            guard let platform = Platform(flagName: word), known.contains(platform) else {
                let names = known.map(\.flagName).joined(separator: ", ")
                throw Failure(.usage, "\(option) \(text ?? ""): unknown platform `\(word)` (known: \(names))")
            }
            out.insert(platform)
        }
        return out
    }
}
