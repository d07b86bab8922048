import Association
import Foundation
import RelopsCore
import TestSupport
import Testing

/// `AssociationRenderDocument` read back by type writes the bytes `association render --format
/// json` printed, in each of its forms (the goldens of `AssociationRenderGoldenTests`, with the
/// schema version put back first); a newer schema version is refused.
@Suite struct AssociationRenderDocumentTests {
    @Test(arguments: ["sources", "settings", "identity"]) func readsBackToTheSameBytes(_ form: String) throws {
        let golden = try String(
            contentsOfFile: sourceRoot + "/Tests/Golden/EndToEndTests/association-render-\(form).json", encoding: .utf8)
        let printed = "{\n  \"schema_version\": 1," + golden.dropFirst()
        let document = try JSONDecoder().decode(AssociationRenderDocument.self, from: Data(printed.utf8))
        #expect(try document.jsonText() + "\n" == printed)
        #expect((document.documents == nil) == (form != "sources"))
        let newer = printed.replacingOccurrences(of: "\"schema_version\": 1", with: "\"schema_version\": 2")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AssociationRenderDocument.self, from: Data(newer.utf8))
        }
    }
}
