import Association
import Fingerprint
import Foundation
import RelopsCore
import TestSupport
import Testing

@Suite struct AssociationTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    func settings(fingerprints: [String] = [fingerprint]) -> AppAssociationSettings {
        var settings = AppAssociationSettings()
        settings.androidPackage = "com.example.app"
        settings.androidFingerprints = fingerprints
        settings.appleAppIDs = ["ABCDE12345.com.example.app"]
        settings.applePaths = ["/sessions/*", "/speakers/*"]
        return settings
    }

    @Test func rendersBothDocumentsThatPassTheValidators() throws {
        let documents = try AssociationDocuments.render(settings())
        #expect(documents.problems.isEmpty)
        let links = AssociationValidator.assetLinks(
            Array(documents.assetLinks!.utf8), expectedPackage: "com.example.app",
            expectedFingerprints: [try FingerprintNormalizer.sha256(Self.fingerprint)])
        #expect(
            links.statements == [AndroidAppStatement(packageName: "com.example.app", fingerprints: [Self.fingerprint])])
        #expect(links.isValid)
        let apple = AssociationValidator.appleAppSiteAssociation(Array(documents.appleAppSiteAssociation!.utf8))
        #expect(apple.appIDs == ["ABCDE12345.com.example.app"])
        #expect(
            apple.components == [.object([("/", .string("/sessions/*"))]), .object([("/", .string("/speakers/*"))])])
        #expect(
            documents.assetLinks!.contains(
                "      \"sha256_cert_fingerprints\": [\n        \"\(Self.fingerprint)\"\n      ]\n"))
    }

    @Test func theRenderedPlaceholderFailsValidation() throws {
        let documents = try AssociationDocuments.render(settings(fingerprints: [placeholder]))
        #expect(
            documents.problems.map(\.description) == [
                "assetlinks.json: [0].target.sha256_cert_fingerprints[0]: \"\(placeholder)\" is the placeholder, not a fingerprint"
            ])
    }

    @Test func builtInTemplatesMatchTheTemplatesFolder() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = try AssociationTemplates.load(folder: root.appendingPathComponent("Templates").path)
        #expect(folder == AssociationTemplates.builtIn)
    }

    @Test func refusesAnUnknownTemplateValueAndNothingToRender() {
        var templates = AssociationTemplates.builtIn
        templates.assetLinks = "[\n  {{android_pkg}}\n]"
        let unknown = #expect(throws: Failure.self) {
            try AssociationDocuments.render(settings(), templates: templates)
        }
        #expect(unknown?.message.hasPrefix("assetlinks.json template:2: unknown value {{android_pkg}}") == true)
        #expect(throws: Failure.self) { try AssociationDocuments.render(AppAssociationSettings()) }
    }

    @Test func readsTheAppSettingsSectionAndFillsGapsFromRelopsYml() throws {
        let folder = TemporaryFolder("assoc")
        folder.write(
            "appsettings.json",
            """
            {
              "AppAssociation": {
                "AndroidPackageName": "com.example.served", // the Release head's ApplicationId
                "AndroidCertFingerprints": [ "\(Self.fingerprint)" ],
                "AppleTeamId": "ABCDE12345", "AppleBundleId": "com.example.app",
                "AppleComponents": [ { "/": "/sessions/*", "comment": "talks" } ],
              }
            }
            """)
        var config = ProjectConfig()
        config.androidPackage = "com.example.app"
        config.iosPaths = ["/ignored/*"]
        let target = ConfigTarget(
            path: folder.url("appsettings.json"), displayPath: "appsettings.json",
            keyPath: ["AppAssociation", "AndroidCertFingerprints"])
        let settings = try AppAssociationSettings.load(target: target, config: config)
        #expect(settings.androidPackage == "com.example.served")
        #expect(settings.appleAppIDs == ["ABCDE12345.com.example.app"])
        #expect(settings.components == [.object([("/", .string("/sessions/*")), ("comment", .string("talks"))])])
        #expect(
            settings.notes == [
                "appsettings.json:3: AndroidPackageName com.example.served differs from .relops.yml "
                    + "app.android.package com.example.app; rendering what the host serves"
            ])

        folder.write("bad.json", "{ \"AppAssociation\": { \"AppleAppIds\": [ 1 ] } }")
        let bad = ConfigTarget(path: folder.url("bad.json"), displayPath: "bad.json", keyPath: target.keyPath)
        let error = #expect(throws: Failure.self) {
            try AppAssociationSettings.load(target: bad, config: ProjectConfig())
        }
        #expect(error?.message == "bad.json:1: AppAssociation:AppleAppIds must hold only strings")
    }

    @Test(arguments: [
        ("{\"a\": 1}", "assetlinks.json: must be a JSON array of statements"),
        ("[1,]", "assetlinks.json: 1:3: not valid JSON: trailing comma"),
        (
            "[]",
            "assetlinks.json: no statement grants delegate_permission/common.handle_all_urls to an android_app target, so App Links cannot verify"
        ),
        (
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "app", "sha256_cert_fingerprints": ["\#(fingerprint.lowercased())"]}}]"#,
            "assetlinks.json: [0].target.package_name: \"app\" is not an Android package name (like com.example.app)"
        ),
    ])
    func assetLinksValidatorNamesWhatIsWrong(_ text: String, _ first: String) {
        let report = AssociationValidator.assetLinks(Array(text.utf8))
        #expect(report.problems.first?.description == first)
        #expect(!report.isValid)
    }

    @Test func assetLinksValidatorWantsCanonicalFingerprintsAndTheExpectedOnes() throws {
        let text =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\#(Self.fingerprint.lowercased())"]}}]"#
        let report = AssociationValidator.assetLinks(Array(text.utf8), expectedPackage: "com.example.other")
        #expect(
            report.problems.map(\.description) == [
                "assetlinks.json: [0].target.sha256_cert_fingerprints[0]: \"\(Self.fingerprint.lowercased())\" must be written as uppercase hex bytes joined by colons: \(Self.fingerprint)",
                "assetlinks.json: no statement names the package com.example.other",
            ])
    }

    @Test(arguments: [
        (
            "[]",
            "apple-app-site-association: applinks.details: must be an array (the document needs {\"applinks\": {\"details\": [...]}})"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["com.example.app"], "components": [{"/": "/a"}]}]}}"#,
            "apple-app-site-association: applinks.details[0].appIDs[0]: \"com.example.app\" is not an app id (a 10-character team id, a dot, the bundle id)"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"comment": "x"}]}]}}"#,
            "apple-app-site-association: applinks.details[0].components[0]: matches nothing: give \"/\" (a path pattern), \"?\" or \"#\""
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"]}]}}"#,
            "apple-app-site-association: applinks.details[0]: needs components (or the older paths)"
        ),
    ])
    func appleValidatorNamesWhatIsWrong(_ text: String, _ first: String) {
        let report = AssociationValidator.appleAppSiteAssociation(Array(text.utf8))
        #expect(report.problems.first?.description == first)
    }

    @Test func appleValidatorAcceptsLegacyPathsAndChecksExpectedIDs() {
        let text =
            #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/sessions/*"]}]}}"#
        let report = AssociationValidator.appleAppSiteAssociation(
            Array(text.utf8), expectedAppIDs: ["ABCDE12345.com.example.app", "ZZZZZ99999.x"])
        #expect(report.components == [.object([("/", .string("/sessions/*"))])])
        #expect(
            report.problems.map(\.description) == [
                "apple-app-site-association: applinks.details: does not list the app id ZZZZZ99999.x"
            ])
    }
}
