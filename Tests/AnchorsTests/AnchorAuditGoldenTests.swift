import Anchors
import Foundation
import TestSupport
import Testing

/// The bytes `anchors audit --format json` and `--format sarif` print, against goldens recorded
/// from the hand-built writer before the audit became a `Codable` type; the
/// `"schema_version"` the JSON adds first is compared apart.
@Suite struct AnchorAuditGoldenTests {
    /// A repository whose ADRs cite an anchor of every kind: moved, historical, changed (with a
    /// confidence), renamed, lost, ok, and two in a repository that is not mapped.
    static func everyStatus() -> AnchorRepo {
        let repo = AnchorRepo(.lf, "anchors-golden")
        repo.write("Src/A.cs", numbered("a", 1...30))
        let body = """
            public void Configure()
            {
                var options = new AppAssociationOptions();
                options.AndroidPackageName = "com.example.app";
                options.AndroidCertFingerprints = fingerprints;
                app.MapAppAssociationEndpoints(options);
            }

            """
        repo.write("Src/Startup.cs", numbered("// header", 1...10) + body + numbered("// tail", 1...10))
        repo.write("Src/Old/Endpoints.cs", numbered("endpoint code", 1...40))
        repo.write(
            "Src/Legacy.cs",
            numbered("keep", 1...5) + "void Legacy() { Frobnicate(widget, 42); }\n" + numbered("more", 1...5))
        repo.write(
            "Docs/adr/0001-deep-links.md",
            "# ADR\n\nAt `Src/A.cs:5`, was `:3`.\n\nThe block `Src/Startup.cs:13-16` and the header "
                + "`Src/Startup.cs:2`.\n\nMapped at `Src/Old/Endpoints.cs:12`.\n\nLegacy lives at Src/Legacy.cs:6.\n")
        repo.write(
            "Docs/adr/0002-store.md",
            "# ADR\n\nStore/Src/Cart.cs:3 and Store/Src/Pay.cs:4.\n")
        repo.write(".relops.yml", "anchors:\n  docs: [\"Docs/adr/*.md\"]\n")
        repo.commit("Start", date: "2026-01-01T10:00:00Z")
        repo.write("Src/A.cs", "x\n" + numbered("a", 1...30))
        repo.commit("Shift (#12)", date: "2026-01-02T10:00:00Z")
        repo.write(
            "Src/Startup.cs",
            numbered("// header", 1...10)
                + body.replacingOccurrences(of: "\"com.example.app\"", with: "packageId") + numbered("// tail", 1...10))
        repo.commit("Read the package id from config (#42)", date: "2026-01-03T10:00:00Z")
        repo.write("Src/New/AppEndpoints.cs", numbered("endpoint code", 1...40))
        repo.git("rm", "-q", "Src/Old/Endpoints.cs")
        repo.commit("Move endpoints (#77)", date: "2026-01-04T10:00:00Z")
        repo.write("Src/Legacy.cs", numbered("keep", 1...5) + numbered("more", 1...5))
        repo.commit("Remove Legacy (#9)", date: "2026-01-05T10:00:00Z")
        return repo
    }

    /// `text` with the commit ids (which depend on the fixture's author) named.
    static func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: #"\b[0-9a-f]{40}\b"#, with: "$COMMIT", options: .regularExpression)
            .replacingOccurrences(
                of: #""short": "[0-9a-f]{7}""#, with: #""short": "$SHORT""#, options: .regularExpression)
    }

    @Test func auditJSONAndSARIF() throws {
        let repo = Self.everyStatus()
        let json = relops(["anchors", "audit", "--format", "json"], in: repo.root)
        #expect(json.status == 1, "\(json.stderr)")
        var text = Self.normalised(json.stdout)
        let version = "{\n  \"schema_version\": 1,"
        #expect(text.hasPrefix(version), "no schema version first")
        if text.hasPrefix(version) { text = "{" + text.dropFirst(version.count) }
        for status in ["moved", "historical", "changed", "renamed", "lost", "ok", "unresolved"] {
            #expect(text.contains("\"status\": \"\(status)\""), "no \(status) anchor")
        }
        expectGolden(text, at: "Tests/Golden/AnchorsTests/anchors-audit.json")
        // Read back by type, it writes the same bytes; a newer schema version is refused.
        let document = try JSONDecoder().decode(AnchorAuditDocument.self, from: Data(json.stdout.utf8))
        #expect(document.counts.total == 8 && document.counts.byStatus[.unresolved] == 2)
        #expect(try document.jsonText() + "\n" == json.stdout)
        let newer = json.stdout.replacingOccurrences(of: "\"schema_version\": 1", with: "\"schema_version\": 2")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AnchorAuditDocument.self, from: Data(newer.utf8))
        }

        let sarif = relops(["anchors", "audit", "--format", "sarif"], in: repo.root)
        #expect(sarif.status == 1, "\(sarif.stderr)")
        let named = Self.normalised(sarif.stdout).replacingOccurrences(
            of: #"("name": "relops",\s*"version": )"[^"]*""#, with: "$1\"$VERSION\"", options: .regularExpression)
        expectGolden(named, at: "Tests/Golden/AnchorsTests/anchors-audit.sarif")
    }
}
