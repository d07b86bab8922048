import RelopsCore

// The rules that refine what the path rules decided from what the occurrence's line does: a
// Rust test item, a code generator's input, a Gradle statement, an Android `tools:` attribute, an
// `.xcconfig` setting that Info.plist reads.

/// Inside a Rust `#[cfg(test)]` item.
struct RustTestItem: LineRule {
    static let id = "rust.cfg-test"
    static let description = "inside a Rust `#[cfg(test)]` item: compiled only for tests"
    static let classes: [OccurrenceClass] = [.test]
    static let example = RuleExample(
        [
            ("api/Cargo.toml", "[package]\nname = \"api\"\nversion = \"0.1.0\"\n\n[dependencies]\naxum = \"0.7\"\n"),
            (
                "api/src/main.rs",
                "fn main() {}\n\n#[cfg(test)]\nmod tests {\n    const HOST: &str = \"app.example.com\";\n}\n"
            ),
        ], at: "api/src/main.rs")

    static func decide(_ line: LineContext) -> (OccurrenceClass, String)? {
        guard line.file.facts.testRegions.contains(where: { $0.contains(line.site.offset) }) else { return nil }
        return (.test, "inside a `#[cfg(test)]` item: compiled only for tests")
    }
}

/// A code generator's input in an npm script (`openapi-generator-cli generate -i`, `apollo --endpoint`).
struct NpmGeneratorScript: LineRule {
    static let id = "npm.codegen-input"
    static let description = "a code generator's input in an npm script is fetched while generating code"
    static let classes: [OccurrenceClass] = [.build]
    static let example = RuleExample(
        [
            (
                "web/package.json",
                #"{ "name": "web", "scripts": { "api": "openapi-generator-cli generate -i https://app.example.com/openapi.json" } }"#
            )
        ], at: "web/package.json")

    static func decide(_ line: LineContext) -> (OccurrenceClass, String)? {
        guard line.lowerName == "package.json",
            let input = scriptGeneratorInput(line.site.line, column: line.site.column)
        else { return nil }
        return (
            .build, "\(input) in an npm script of \(line.file.parts.name): fetched while generating code, ships nothing"
        )
    }
}

/// The schema or spec source of a code generator's configuration (`schema:`, `inputSpec`).
struct GeneratorSchemaSource: LineRule {
    static let id = "codegen.schema-source"
    static let description = "the schema or spec source of a code generator's config is fetched while generating code"
    static let classes: [OccurrenceClass] = [.build]
    static let example = RuleExample(file: "codegen.yml", text: "schema: https://app.example.com/graphql\n")

    static func decide(_ line: LineContext) -> (OccurrenceClass, String)? {
        guard let generator = codeGeneratorConfig(line.lowerName),
            let input = generatorInput(line.lowerName, line: line.site.line, column: line.site.column)
        else { return nil }
        return (
            .build, "\(input) in \(generator) \(line.file.parts.name): fetched while generating code, ships nothing"
        )
    }
}

/// Any other value of a code generator's configuration: it may reach the generated code.
struct GeneratorConfigValue: LineRule {
    static let id = "codegen.other-value"
    static let description = "another value of a code generator's config may reach the generated code: the class stays"
    static let classes: [OccurrenceClass] = []
    static let example = RuleExample(
        file: "codegen.yml", text: "schema: ./schema.graphql\nconfig:\n  baseUrl: https://app.example.com\n")

    static func decide(_ line: LineContext) -> (OccurrenceClass, String)? {
        guard let generator = codeGeneratorConfig(line.lowerName) else { return nil }
        let decided = line.decided
        return (
            decided.cls,
            "\(decided.reason) (in \(generator) \(line.file.parts.name), but not its schema or spec source: the value may reach the generated code, so the class stays)"
        )
    }
}

/// A Gradle statement whose value ships (`buildConfigField`, `resValue`, `manifestPlaceholders`).
struct GradleShippingSetting: LineRule {
    static let id = "gradle.shipping-setting"
    static let description = "a Gradle `buildConfigField`, `resValue` or `manifestPlaceholders` value ships in the app"
    static let classes: [OccurrenceClass] = []
    static let example = RuleExample(
        file: "app/build.gradle",
        text:
            "plugins { id 'com.android.application' }\nandroid {\n  defaultConfig {\n    buildConfigField \"String\", \"API\", \"\\\"https://app.example.com\\\"\"\n  }\n}\n"
    )

    static func decide(_ line: LineContext) -> (OccurrenceClass, String)? {
        guard line.isGradleScript, line.decided.cls.isBinary, let setting = shippingSetting(line) else { return nil }
        return (line.decided.cls, "`\(setting)` in \(line.file.parts.name): \(line.decided.reason)")
    }

    static func shippingSetting(_ line: LineContext) -> String? {
        line.file.facts.shippingRegions.first(where: { $0.range.contains(line.site.offset) })?.setting
            ?? gradleShippingSettings.first(where: { line.site.line.contains($0) })
    }
}

/// Any other line of a Gradle build script: it configures the build.
struct GradleBuildScript: LineRule {
    static let id = "gradle.build-script"
    static let description = "a Gradle build script line outside the settings that ship is used while building"
    static let classes: [OccurrenceClass] = [.build]
    static let example = RuleExample(
        file: "app/build.gradle",
        text:
            "plugins { id 'com.android.application' }\nrepositories { maven { url 'https://app.example.com/maven' } }\n"
    )

    static func decide(_ line: LineContext) -> (OccurrenceClass, String)? {
        guard line.isGradleScript, GradleShippingSetting.shippingSetting(line) == nil else { return nil }
        return (
            .build,
            "Gradle build script \(line.file.parts.name) outside `buildConfigField`, `resValue` and `manifestPlaceholders`: used while building, ships nothing"
        )
    }
}

/// An Android `tools:` attribute (design-time only).
struct AndroidToolsAttribute: LineRule {
    static let id = "android.tools-attribute"
    static let description = "an Android `tools:` attribute is design-time only and stripped at build"
    static let classes: [OccurrenceClass] = [.build]
    static let example = RuleExample(
        file: "app/src/main/AndroidManifest.xml", text: #"<activity tools:targetApi="https://app.example.com" />"#)

    static func decide(_ line: LineContext) -> (OccurrenceClass, String)? {
        guard line.lowerName.hasSuffix(".xml"), let attribute = toolsAttribute(line.site.line, column: line.site.column)
        else { return nil }
        return (.build, "Android `\(attribute)` attribute: design-time only, stripped at build")
    }
}

/// An `.xcconfig` setting that Info.plist, entitlements or the project reads as `$(KEY)`.
struct XcconfigReadSetting: LineRule {
    static let id = "xcconfig.read-setting"
    static let description = "an .xcconfig setting Info.plist or the project reads as $(KEY) is compiled into the app"
    static let classes: [OccurrenceClass] = [.binaryLiteral]
    static let example = RuleExample(
        [
            ("ios/Shop/Info.plist", "<key>Host</key><string>$(HOST_NAME)</string>"),
            ("ios/Config/Release.xcconfig", "HOST_NAME = app.example.com\n"),
        ], at: "ios/Config/Release.xcconfig")

    static func decide(_ line: LineContext) -> (OccurrenceClass, String)? {
        guard line.lowerName.hasSuffix(".xcconfig"), let key = xcconfigKey(line.site.line),
            let reader = line.classifier.buildSettings.reader(of: key)
        else { return nil }
        return (
            .binaryLiteral, "xcconfig setting `\(key)`, read by \(reader) as $(\(key)): compiled into the app bundle"
        )
    }
}
