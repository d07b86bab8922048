import RelopsCore

// The files that ship as literals wherever they are: Info.plist, entitlements, Android manifests.

/// An iOS `Info.plist`.
struct InfoPlist: PathRule {
    static let id = "apple.info-plist"
    static let description = "an iOS Info.plist is compiled into the app bundle"
    static let classes: [OccurrenceClass] = [.binaryLiteral]
    static let example = RuleExample(file: "ios/Shop/Info.plist", text: "<string>https://app.example.com</string>")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        file.lowerName == "info.plist" ? (.binaryLiteral, "iOS Info.plist: compiled into the app bundle") : nil
    }
}

/// iOS entitlements (`*.entitlements`, `Entitlements*.plist`).
struct Entitlements: PathRule {
    static let id = "apple.entitlements"
    static let description = "iOS entitlements are signed into the app binary"
    static let classes: [OccurrenceClass] = [.binaryLiteral]
    static let example = RuleExample(
        file: "ios/Shop/Shop.entitlements", text: "<string>applinks:app.example.com</string>")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        let name = file.lowerName
        guard (name.hasPrefix("entitlements") && name.hasSuffix(".plist")) || name.hasSuffix(".entitlements")
        else { return nil }
        return (.binaryLiteral, "iOS entitlements: signed into the app binary")
    }
}

/// An `AndroidManifest.xml`.
struct AndroidManifest: PathRule {
    static let id = "android.manifest"
    static let description = "an AndroidManifest.xml is merged into the APK"
    static let classes: [OccurrenceClass] = [.binaryLiteral]
    static let example = RuleExample(
        file: "app/src/main/AndroidManifest.xml",
        text: #"<data android:scheme="https" android:host="app.example.com" />"#)

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        file.lowerName == "androidmanifest.xml" ? (.binaryLiteral, "AndroidManifest.xml: merged into the APK") : nil
    }
}
