import RelopsCore
import Scan
import TestSupport
import Testing

/// `jsonText`, written as it goes, is byte for byte the rendered `json` tree, with every section filled.
@Suite struct ScanJSONTests {
    @Test func theStreamedDocumentIsTheRenderedTree() throws {
        let repo = GitFixture("scan-json")
        repo.write(
            "App/App.csproj",
            #"<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><UseMaui>true</UseMaui><TargetFrameworks>net8.0-android</TargetFrameworks></PropertyGroup></Project>"#
        )
        repo.write("App/Api.cs", "const string Host = \"app.example.com\"; // app.example.com\n")
        repo.write(
            "Docs/links.md",
            "See https://staging.app.example.com and \"quoted\\\" \t https://app.example.com/signin-google\n")
        repo.write("Web/appsettings.json", #"{ "OAuth": { "RedirectUri": "https://app.example.com/signin-google" } }"#)
        repo.write("assets/qr.bin", bytes: [0, 1, 2] + Array("app.example.com".utf8))
        repo.commit("fixture")
        let result = try scanRepository(repo.root)
        #expect(!result.related.isEmpty && !result.binaryFiles.isEmpty && !result.redirectURIs.isEmpty)
        try #expect(result.jsonText == result.document.jsonText())
        let document = try #require(ScanJSONDocument.read(result.jsonText))
        #expect(document.hosts == result.hosts)
        #expect(document.occurrences.map(\.ruleID) == result.occurrences.map(\.ruleID))
        #expect(document.occurrences.map(\.occurrenceClass) == result.occurrences.map(\.occurrenceClass))
        #expect(document.counts == Dictionary(uniqueKeysWithValues: result.counts.map { ($0.0.rawValue, $0.1) }))
        #expect(ScanJSONDocument.read("[1, 2]") == nil, "an array is not a scan's document")
        #expect(ScanJSONDocument.read(#"{"counts": {"docs": "four"}}"#) == nil, "a count is a number")
    }

    @Test func anEmptyScanStreamsLikeTheTree() throws {
        let repo = GitFixture("scan-json-empty")
        repo.write("a.txt", "nothing here\n")
        repo.commit("fixture")
        let result = try scanRepository(repo.root)
        try #expect(result.jsonText == result.document.jsonText())
    }
}
