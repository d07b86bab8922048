import RelopsCore
import Testing

@Suite struct ProjectConfigTests {
    @Test func readsEveryField() throws {
        let config = try ProjectConfig.parse(
            """
            app:
              web_host: adc-ui.kindrock-1234.eastus.azurecontainerapps.io
              android:
                package: com.example.app
                fingerprints: Source/appsettings.json#AppAssociation:AndroidCertFingerprints
              ios:
                app_ids: [ABCDE12345.com.example.app]
                paths: ["/sessions/*"]
            classify:
              - { glob: "Docs/**", class: docs }
            anchors:
              docs: ["Docs/adr/*.md"]
              repos: { MMCA.ADC: ., MMCA.Common: ../MMCA.Common }
            vars:
              new_host: app.example.com
            """, path: ".relops.yml")
        #expect(config.webHost?.description == "adc-ui.kindrock-1234.eastus.azurecontainerapps.io")
        #expect(config.androidPackage == "com.example.app")
        #expect(config.iosAppIDs == ["ABCDE12345.com.example.app"])
        #expect(config.classify.first?.className == "docs")
        #expect(config.classify.first?.glob.matches("Docs/adr/x.md") == true)
        #expect(config.anchorRepos.map(\.prefix) == ["MMCA.ADC", "MMCA.Common"])
        #expect(config.vars.first?.value == "app.example.com")
    }

    @Test func malformedYAMLNamesLineAndColumn() {
        #expect {
            try ProjectConfig.parse("app:\n  web_host: [a, b\n", path: "/r/.relops.yml")
        } throws: { error in
            let failure = error as? Failure
            return failure?.category == .badInput && (failure?.message.hasPrefix("/r/.relops.yml:") ?? false)
        }
    }

    @Test func unknownKeyAndUnknownClassAreRefused() {
        #expect {
            try ProjectConfig.parse("app:\n  web_hots: x\n", path: ".relops.yml")
        } throws: { error in
            (error as? Failure)?.message.contains("did you mean `web_host`") ?? false
        }
        #expect {
            try ProjectConfig.parse("classify:\n  - { glob: \"a/**\", class: binary }\n", path: ".relops.yml")
        } throws: { error in
            (error as? Failure)?.message.contains("unknown class `binary`") ?? false
        }
    }

    @Test func globsMatchSegmentsAndDoubleStars() {
        #expect(Glob("Docs/**").matches("Docs/a/b.md"))
        #expect(!Glob("Docs/*").matches("Docs/a/b.md"))
        #expect(Glob("**/*.md").matches("a/b/c.md"))
        #expect(Glob("**/*.md").matches("c.md"))
        #expect(!Glob("*.md").matches("a/c.md"))
        #expect(Glob("src/?.cs").matches("src/a.cs"))
    }
}
