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
