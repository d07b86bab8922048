import Association
import Foundation
import Testing

/// Issue 38, case 6: a detail's apps as Apple's `swcutil` reads them. When a detail has `appIDs`,
/// Apple uses it alone: an `appID` beside it is ignored (a stale one must not pass `verify
/// --app-id`), and an empty `appIDs` opens no app at all.
@Suite struct AASAAppIDsTests {
    func parsed(_ detail: String) throws -> AppSiteAssociation {
        try AppSiteAssociation.parse(Array(#"{"applinks": {"details": [\#(detail)]}}"#.utf8))
    }

    @Test func appIDsWinsAndTheAppIDBesideItIsIgnoredSayingSo() throws {
        let document = try parsed(
            #"{"appIDs": ["ABCDE12345.com.example.new"], "appID": "ABCDE12345.com.example.stale", "components": [{"/": "/*"}]}"#
        )
        #expect(document.details.map(\.appIDs) == [["ABCDE12345.com.example.new"]])
        #expect(document.errors.isEmpty, "\(document.errors)")
        #expect(
            document.warnings == [
                #"applinks.details[0].appID "ABCDE12345.com.example.stale" is ignored: Apple reads appIDs when a detail has it"#
            ])
    }

    @Test func anEmptyAppIDsOpensNoAppWhateverTheAppIDSays() throws {
        let document = try parsed(#"{"appIDs": [], "appID": "ABCDE12345.com.example.app", "paths": ["*"]}"#)
        #expect(document.details.isEmpty)
        #expect(document.errors.contains("applinks.details[0].appIDs is empty, so no app opens these links"))
    }

    @Test func theLegacyAppIDAloneStillNamesItsApp() throws {
        let document = try parsed(#"{"appID": "ABCDE12345.com.example.app", "paths": ["/sessions/*"]}"#)
        #expect(document.details.map(\.appIDs) == [["ABCDE12345.com.example.app"]])
        #expect(document.errors.isEmpty && document.warnings.isEmpty)
        let none = try parsed(#"{"paths": ["/sessions/*"]}"#)
        #expect(none.errors == ["applinks.details[0] names no app (neither appIDs nor appID)"])
    }
}
