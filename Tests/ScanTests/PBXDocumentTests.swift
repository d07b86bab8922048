import Testing

@testable import Scan

/// The old-style property list reader behind every `project.pbxproj` question.
@Suite struct PBXDocumentTests {
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        /* Begin PBXNativeTarget section */
        \t\tT1 /* Shop "Dev" */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = L1 /* Build configuration list for PBXNativeTarget "Shop" */;
        \t\t\tbuildPhases = (
        \t\t\t\tS1 /* Bundle */,
        \t\t\t\tP1 /* Sources */,
        \t\t\t);
        \t\t\tname = "Shop \\"Dev\\"";
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tS1 = {isa = PBXShellScriptBuildPhase; shellScript = "if [ -z \\"$X\\" ]; then {\\n  echo }}} ;\\n"; };
        \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {
        \t\t\tCODE_SIGN_ENTITLEMENTS = $(SRCROOT)/Shop/Shop.entitlements;
        \t\t\tOTHER = ( "-ObjC", // a line comment
        \t\t\t\t"$(inherited)" );
        \t\t\tHASH = <0a1b 2c3d>;
        \t\t\tINFOPLIST_KEY_CFBundleDisplayName = "Caf\\U00e9 \\101";
        \t\t}; name = Release; };
        \t\tT2 = {isa = PBXNativeTarget; name = Widget; productType = "com.apple.product-type.app-extension"; };
        \t};
        \trootObject = R1;
        }
        """

    @Test func readsObjectsInFileOrderWithTheirFields() throws {
        let document = PBXDocument(Self.project)
        #expect(document.ids == ["T1", "S1", "C1", "T2"])
        let target = try #require(document["T1"])
        #expect(target.isa == "PBXNativeTarget")
        #expect(target.fields.string("name") == "Shop \"Dev\"")
        #expect(target.fields.string("buildConfigurationList") == "L1")
        #expect(target.fields.strings("buildPhases") == ["S1", "P1"])
        // The braces and semicolons of a run script are its text.
        #expect(document["S1"]?.fields.string("shellScript") == "if [ -z \"$X\" ]; then {\n  echo }}} ;\n")
        let settings = try #require(document["C1"]?.fields.dictionary("buildSettings"))
        #expect(settings.string("CODE_SIGN_ENTITLEMENTS") == "$(SRCROOT)/Shop/Shop.entitlements")
        #expect(settings.strings("OTHER") == ["-ObjC", "$(inherited)"])
        #expect(settings.string("HASH") == "<0a1b 2c3d>")
        #expect(settings.string("INFOPLIST_KEY_CFBundleDisplayName") == "Café A")
        #expect(document["C1"]?.fields.string("name") == "Release")
        #expect(document["T2"]?.fields.string("productType") == "com.apple.product-type.app-extension")
    }

    @Test func aDamagedProjectKeepsWhatWasReadBeforeTheDamage() throws {
        let cut = try #require(Self.project.firstRange(of: "\t\tC1 = {"))
        let document = PBXDocument(
            String(Self.project[..<cut.lowerBound]) + "C1 = {isa = XCBuildConfiguration; buildSettings = { A = ; }; };")
        // The damaged object keeps the fields before the damage.
        #expect(document.ids == ["T1", "S1", "C1"])
        #expect(document["C1"]?.fields.string("isa") == "XCBuildConfiguration")
        #expect(document["T1"]?.fields.string("productType") == "com.apple.product-type.application")
        #expect(PBXDocument("").ids.isEmpty)
        let open = PBXDocument("{ objects = { A = { isa = X; name = \"open")
        #expect(open.ids == ["A"])
        #expect(open["A"]?.fields.string("name") == nil)
    }

    @Test func aFragmentOfObjectsIsReadAsItStands() {
        let fragment =
            "\t\tA1 /* Core */ = {\n\t\t\tisa = XCLocalSwiftPackageReference;\n\t\t\trelativePath = ../Packages/Core;\n\t\t};\n"
        let document = PBXDocument(fragment)
        #expect(document.ids == ["A1"])
        #expect(document["A1"]?.fields.string("relativePath") == "../Packages/Core")
    }

    @Test func deepNestingEndsTheReadInsteadOfTheProcess() {
        for opener in ["(", "{ a = "] {
            let text = "{ objects = { A = { isa = X; }; B = " + String(repeating: opener, count: 200_000)
            #expect(PBXDocument(text).ids == ["A"])
        }
    }

    @Test func anXcodeProjectsTargetsAreReadFromTheDocument() {
        let targets = BuildFileParser.xcodeTargets(in: PBXDocument(Self.project))
        #expect(targets.apps == ["Shop \"Dev\""])
        #expect(targets.tests.isEmpty)
        #expect(targets.others == ["Widget"])
    }
}
