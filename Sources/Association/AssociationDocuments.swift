import Foundation
import RelopsCore

/// The two templates the documents are rendered from. `{{name}}` is replaced by the JSON of a
/// value: `android_package`, `android_fingerprints`, `apple_app_ids`, `apple_components`.
public struct AssociationTemplates: Sendable, Equatable {
    public var assetLinks: String
    public var appleAppSiteAssociation: String

    public init(assetLinks: String, appleAppSiteAssociation: String) {
        self.assetLinks = assetLinks
        self.appleAppSiteAssociation = appleAppSiteAssociation
    }

    /// The copies compiled into relops; `Templates/assetlinks.json` and
    /// `Templates/apple-app-site-association` in the relops source hold the same text.
    public static let builtIn = AssociationTemplates(
        assetLinks: """
            [
              {
                "relation": ["delegate_permission/common.handle_all_urls"],
                "target": {
                  "namespace": "android_app",
                  "package_name": {{android_package}},
                  "sha256_cert_fingerprints": {{android_fingerprints}}
                }
              }
            ]

            """,
        appleAppSiteAssociation: """
            {
              "applinks": {
                "details": [
                  {
                    "appIDs": {{apple_app_ids}},
                    "components": {{apple_components}}
                  }
                ]
              }
            }

            """)

    /// Reads `assetlinks.json` and `apple-app-site-association` from `folder`.
    public static func load(folder: String) throws(Failure) -> AssociationTemplates {
        func read(_ name: String) throws(Failure) -> String {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Failure(.badInput, "\(path): no such template")
            }
            return String(decoding: data, as: UTF8.self)
        }
        return AssociationTemplates(
            assetLinks: try read("assetlinks.json"),
            appleAppSiteAssociation: try read("apple-app-site-association"))
    }
}

/// The exact documents the web host will serve at `/.well-known/assetlinks.json` and
/// `/.well-known/apple-app-site-association`, and what validating them found.
public struct AssociationDocuments: Sendable {
    /// assetlinks.json, or nil when no Android package is configured.
    public let assetLinks: String?
    /// apple-app-site-association, or nil when no Apple app id is configured.
    public let appleAppSiteAssociation: String?
    /// The values they were rendered from.
    public let settings: AppAssociationSettings

    /// Renders both documents. Refuses when neither can be made, and a template that names an
    /// unknown `{{value}}`.
    public static func render(_ settings: AppAssociationSettings, templates: AssociationTemplates = .builtIn)
        throws(Failure) -> AssociationDocuments
    {
        guard settings.androidPackage != nil || !settings.appleAppIDs.isEmpty else {
            throw Failure(
                .badInput,
                "nothing to render: set AppAssociation:AndroidPackageName (or app.android.package "
                    + "in .relops.yml) and/or AppAssociation:AppleAppIds (or app.ios.app_ids)")
        }
        let values: [String: JSONValue] = [
            "android_package": .string(settings.androidPackage),
            "android_fingerprints": .array(settings.androidFingerprints.map { .string($0) }),
            "apple_app_ids": .array(settings.appleAppIDs.map { .string($0) }),
            "apple_components": .array(settings.components),
        ]
        let assetLinks = try settings.androidPackage.map { _ throws(Failure) in
            try renderJSON(templates.assetLinks, "assetlinks.json template", values)
        }
        let apple =
            try settings.appleAppIDs.isEmpty
            ? nil
            : renderJSON(templates.appleAppSiteAssociation, "apple-app-site-association template", values)
        return AssociationDocuments(assetLinks: assetLinks, appleAppSiteAssociation: apple, settings: settings)
    }

    /// Validates both documents with the validators `relops verify` uses on the live ones.
    public var problems: [AssociationProblem] {
        var out: [AssociationProblem] = settings.overrideProblems
        if let assetLinks {
            out +=
                AssociationValidator.assetLinks(Array(assetLinks.utf8), expectedPackage: settings.androidPackage)
                .problems
        }
        if let appleAppSiteAssociation {
            out +=
                AssociationValidator.appleAppSiteAssociation(
                    Array(appleAppSiteAssociation.utf8),
                    expectedAppIDs: settings.appleAppIDs
                ).problems
        }
        return out
    }

    /// The template with each `{{name}}` replaced by the JSON of its value, indented like the line
    /// it sits on; an unknown name is an error naming the template and line.
    static func renderJSON(_ template: String, _ label: String, _ values: [String: JSONValue]) throws(Failure)
        -> String
    {
        try Template(template, path: label).render(
            texts: values.mapValues { $0.rendered(pretty: true) }, indent: .likeTheLine)
    }
}
