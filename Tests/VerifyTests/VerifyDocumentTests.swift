import Artifact
import Association
import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// `VerifyDocument` and `VerifyReport` read back what they write: the goldens of
/// `verify --format json` decode and encode to the same bytes, and a document with every part
/// (each kind of source, each kind of binary, a wait) decodes to itself.
@Suite struct VerifyDocumentTests {
    /// The golden at `name` as printed today: the schema version first.
    static func printed(_ name: String) throws -> String {
        let data = try #require(FileManager.default.contents(atPath: sourceRoot + "/Tests/Golden/" + name))
        return "{\n  \"schema_version\": 1," + String(decoding: data, as: UTF8.self).dropFirst()
    }

    @Test(arguments: ["verify-local", "verify-local-artifact", "verify-offline", "verify-offline-wait"])
    func aPrintedDocumentReadsBackToTheSameBytes(_ name: String) throws {
        let text = try Self.printed("EndToEndTests/\(name).json")
        let document = try JSONDecoder().decode(VerifyDocument.self, from: Data(text.utf8))
        #expect(try document.jsonText() + "\n" == text)
    }

    @Test(arguments: ["report-every-kind", "report-allowed", "report-empty"])
    func aReportReadsBackAsItWas(_ name: String) throws {
        let data = try #require(
            FileManager.default.contents(atPath: sourceRoot + "/Tests/Golden/VerifyTests/\(name).json"))
        let report = try JSONDecoder().decode(VerifyReport.self, from: data)
        #expect(try JSONValueEncoder().text(report, "the report") == String(decoding: data, as: UTF8.self))
        #expect(
            report == VerifyReportFormatTests.everyKind(allowUnchecked: name == "report-allowed")
                || name == "report-empty")
    }

    /// A document with every kind of source and binary, and a wait that ended with a gone check.
    static func everyPart() throws -> VerifyDocument {
        var document = try JSONDecoder().decode(
            VerifyDocument.self, from: Data(try printed("EndToEndTests/verify-offline-wait.json").utf8))
        document.sources = [
            DocumentSource(
                document: .assetLinks,
                sources: [
                    .staticFile(path: "web/.well-known/assetlinks.json"),
                    .settings(path: "Web/appsettings.json", section: "AppAssociation"),
                    .nginx(config: "deploy/nginx.conf", line: 12, location: "/.well-known/", served: .file(path: "a")),
                    .nginx(config: "n:x.conf", line: 3, location: "= /x", served: .body("{\"a\": 1}")),
                    .nginx(config: "n.conf", line: 4, location: "~ x", served: .unresolved("a redirect")),
                ]),
            DocumentSource(
                document: .appleAppSiteAssociation,
                sources: [
                    .code(path: "app/route.ts", line: 9, what: "Next.js route handler"),
                    .external(.configured(location: ".relops.yml:4")), .external(.nothingFound),
                ]),
        ]
        document.artifacts = [
            .android(
                .init(
                    file: "app.apk", bundle: false, package: "com.example.app", versionName: nil, versionCode: nil,
                    signers: [])),
            .android(
                .init(
                    file: "app.aab", bundle: true, package: "com.example.app", versionName: "1.2", versionCode: 12,
                    signers: ["AB:CD"])),
            .ios(
                .init(
                    file: "app.ipa", bundleID: "com.example.app", version: nil, build: "7", applicationIdentifier: nil)),
        ]
        let gone = Check("aasa.paths", .warn, url: "https://a.example/x", "was here")
        let round = WaitRound(
            number: 2, elapsed: 61.4, report: VerifyReport(),
            changes: [CheckChange(before: gone, after: nil), CheckChange(before: nil, after: gone)])
        let outcome = WaitOutcome(
            rounds: 2, report: VerifyReport(), passedAt: Date(timeIntervalSince1970: 0), elapsed: 61.4)
        document.wait = VerifyDocument.Wait(outcome, rounds: [VerifyDocument.Round(round)])
        return document
    }

    @Test func aDocumentWithEveryPartReadsBackAsItWas() throws {
        let document = try Self.everyPart()
        let text = try document.jsonText()
        #expect(try JSONDecoder().decode(VerifyDocument.self, from: Data(text.utf8)) == document)
        #expect(text.contains("\"passed_at\": \"1970-01-01T00:00:00Z\""), "\(text)")
        #expect(text.contains("\"now\": null"), "\(text)")
    }

    /// Each source is written in the one layout `association sources` also writes, and reads back.
    @Test func aSourceReadsBackAsItWas() throws {
        for entry in try Self.everyPart().sources {
            for source in entry.sources {
                let text = try JSONValueEncoder().text(source, "the source")
                #expect(try JSONDecoder().decode(AssociationSource.self, from: Data(text.utf8)) == source, "\(text)")
            }
        }
    }

    @Test func aNewerSchemaOrASummaryThatDoesNotAddUpIsRefused() throws {
        let text = try Self.printed("EndToEndTests/verify-local.json")
        let newer = text.replacingOccurrences(of: "\"schema_version\": 1,", with: "\"schema_version\": 2,")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(VerifyDocument.self, from: Data(newer.utf8)) }
        let miscounted = text.replacingOccurrences(of: "\"fail\": 0,", with: "\"fail\": 1,")
        #expect(miscounted != text)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(VerifyDocument.self, from: Data(miscounted.utf8))
        }
    }

    /// Each binary is written as the removed `ReleaseArtifact.json` wrote it (its tree, copied here
    /// as the reference): an IPA and an AAB, with values and without.
    @Test func aBinaryIsListedAsBefore() throws {
        for artifact in try Self.everyPart().artifacts {
            let before: JSONValue
            switch artifact {
            case .android(let a):
                before = .object([
                    ("file", .string(a.file)), ("kind", .string(a.bundle ? "AAB" : "APK")),
                    ("package", .string(a.package)), ("version_name", .string(a.versionName)),
                    ("version_code", a.versionCode.map { .int($0) } ?? .null),
                    ("signers", .array(a.signers.map { .string($0) })),
                ])
            case .ios(let i):
                before = .object([
                    ("file", .string(i.file)), ("kind", .string("IPA")), ("bundle_id", .string(i.bundleID)),
                    ("version", .string(i.version)), ("build", .string(i.build)),
                    ("application_identifier", .string(i.applicationIdentifier)),
                ])
            }
            #expect(try JSONValueEncoder().encode(artifact).rendered() == before.rendered(), "\(artifact)")
        }
    }
}
