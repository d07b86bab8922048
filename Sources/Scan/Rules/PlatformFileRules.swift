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

/// A `.xcconfig` template (`Secrets.xcconfig.template`, `.example`, `.sample`, `.dist`) that a
/// script copies into the real `.xcconfig` beside it: its settings ship in the app that owns it.
struct XcconfigCopiedTemplate: PathRule {
    static let id = "xcconfig.copied-template"
    static let description =
        "an .xcconfig template a script copies into the app's real .xcconfig ships in that app's settings"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        [
            (
                "ios/Shop.xcodeproj/project.pbxproj",
                "{ objects = {\n T1 = {isa = PBXNativeTarget; name = Shop; productType = \"com.apple.product-type.application\"; };\n }; }\n"
            ),
            ("ios/Config/Secrets.xcconfig.template", "API_HOST = app.example.com\n"),
            ("scripts/setup.sh", "cp ios/Config/Secrets.xcconfig.template ios/Config/Secrets.xcconfig\n"),
        ], at: "ios/Config/Secrets.xcconfig.template")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        let lower = file.lowerName
        guard let suffix = [".template", ".example", ".sample", ".dist", ".tmpl"].first(where: { lower.hasSuffix($0) })
        else { return nil }
        let real = String(file.path.dropLast(suffix.count))
        guard real.lowercased().hasSuffix(".xcconfig"),
            let script = file.classifier.scriptRunners.copier(of: file.path, into: real),
            let app = file.classifier.graph.links(of: real).first(where: { $0.product.kind == .app })
        else { return nil }
        return (
            .binaryConfig,
            "\(script) copies it into \(nameOf(real)), the build settings of \(app.product.label) (\(app.text(from: real))): its values ship in the app"
        )
    }
}
