import TestSupport
import Testing

@testable import Scan

/// The build-model readers that work on bytes find what the regular expressions they replaced
/// capture (kept here as the oracle), on generated text full of near misses.
@Suite struct ByteReaderOracleTests {
    /// A fixed-seed generator of text made of parts.
    struct Parts {
        var numbers: SeededNumbers
        init(seed: UInt64) { numbers = SeededNumbers(seed: seed) }
        mutating func next(_ n: Int) -> Int { numbers.next(n) }
        mutating func pick(_ choices: [String]) -> String { choices[next(choices.count)] }
    }

    @Test func linkedLibrariesAreWhatTheRegularExpressionCaptures() {
        var parts = Parts(seed: 11)
        var found = 0
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<(1 + parts.next(4)) {
                text +=
                    parts.pick(["", " ", "x", "_", "é", "/", "\"", "-l"]) + parts.pick(["lib", "lib", "Lib", "li"])
                text += parts.pick(["sdk", "core_ffi", "", "a-b", "x9"]) + parts.pick([".", ".", "", ".."])
                text += parts.pick(["a", "so", "dylib", "app", "so.1", "s", "dylibs", "a)"])
                text += parts.pick(["", " ", "\n", "x", ";", "é"])
            }
            let expected = captures(#"\blib([A-Za-z0-9_]+)\.(?:a|so|dylib)\b"#, in: text, holding: ["lib"])
            let bytes = Array(text.utf8)
            // The regular expression's `\b` is Unicode's: it differs from the bytes' only next to
            // a non-ASCII letter, which a library name in a build file does not have.
            guard !text.unicodeScalars.contains(where: { !$0.isASCII }) else { continue }
            #expect(BuildFileParser.linkedLibraries(in: bytes) == expected, "\(text.debugDescription)")
            found += expected.count
        }
        #expect(found > 100)
    }

    @Test func parentRelativePathsAreWhatTheRegularExpressionCaptures() {
        var parts = Parts(seed: 12)
        var found = 0
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<(1 + parts.next(4)) {
                text +=
                    parts.pick(["", " ", "\"", "=", "x", "."])
                    + parts.pick(["../", "../../", "..", "./", "..../", ".../"])
                text += parts.pick(["", "web/dist", "@scope/pkg", "-x", ".hidden", " ", "\"", "../", "sdk/Cargo.toml"])
                text += parts.pick(["", " ", "\n", "\"", "/", ")"])
            }
            let expected = captures(#"((?:\.\./)+[A-Za-z0-9_.@-][A-Za-z0-9_./@-]*)"#, in: text, holding: ["../"])
            #expect(BuildFileParser.parentRelativePaths(in: Array(text.utf8)) == expected, "\(text.debugDescription)")
            found += expected.count
        }
        #expect(found > 100)
    }

    @Test func dartEnvironmentReadsAreWhatTheRegularExpressionCaptures() throws {
        var parts = Parts(seed: 13)
        let call = Array("String.fromEnvironment(".utf8)
        let pattern =
            #"String\.fromEnvironment\(\s*['"]([A-Za-z0-9_.]+)['"]\s*,\s*defaultValue:\s*('[^'\n]*'|"[^"\n]*")"#
        let regex = try Regex(pattern)
        var found = 0
        for _ in 0..<3000 {
            var line =
                parts.pick(["const h = ", "", "x"])
                + parts.pick(["String.fromEnvironment(", "String.fromEnvironment(", "String.fromEnvironment ("])
            line += parts.pick(["", "", " ", "\t", "\r"]) + parts.pick(["'", "\"", "'", ""])
            line += parts.pick(["HOST", "API.BASE", "HOST", "", "a-b"])
            line += parts.pick(["'", "\"", "'", ""]) + parts.pick(["", " "]) + parts.pick([",", ",", ""])
            line += parts.pick(["", " ", "  "])
            line += parts.pick(["defaultValue:", "defaultValue:", "defaultvalue:", ""]) + parts.pick(["", " "])
            line += parts.pick(["'https://a.example'", "\"b.example\"", "'unterminated", "\"mixed'", "''", "x"])
            line += parts.pick([")", ");", ""])
            guard !line.contains("\n") else { continue }
            let expected = line.firstMatch(of: regex).map { match in
                [match.output[1].substring.map(String.init) ?? "", match.output[2].substring.map(String.init) ?? ""]
            }
            let bytes = Array(line.utf8)
            let got = ByteSearch.offsets(of: call, in: bytes).lazy.compactMap {
                DartEnvironmentDefaults.environmentRead(bytes, after: $0 + call.count)
            }.first.map { [$0.0, $0.1] }
            #expect(got == expected, "\(line.debugDescription)")
            found += expected == nil ? 0 : 1
        }
        #expect(found > 100)
    }

    @Test func defineFileValuesAreWhatTheRegularExpressionCaptures() throws {
        var parts = Parts(seed: 14)
        let option = Array("--dart-define-from-file".utf8)
        let regex = try Regex(#"--dart-define-from-file[= ]["']?([^\s"']+)"#)
        var found = 0
        for _ in 0..<3000 {
            var line = parts.pick(["flutter build ipa ", "", "sh(\""]) + "--dart-define-from-file"
            line += parts.pick(["=", " ", "", "  ", "\t"]) + parts.pick(["", "'", "\""])
            line +=
                parts.pick(["config/prod.json", "", "env.json\"", "a b", "$ENV_FILE"])
                + parts.pick(["", "'", "\"", " --release"])
            let expected = line.firstMatch(of: regex).map {
                $0.output[1].substring.map(String.init) ?? ""
            }
            let bytes = Array(line.utf8)
            let got = ByteSearch.offsets(of: option, in: bytes).lazy.compactMap {
                DartEnvironmentDefaults.defineFileValue(bytes, after: $0 + option.count)
            }.first
            #expect(got == expected, "\(line.debugDescription)")
            found += expected == nil ? 0 : 1
        }
        #expect(found > 100)
    }

    @Test func gradleLineCallsAreWhatTheRegularExpressionCaptures() {
        var parts = Parts(seed: 15)
        var found = 0
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<(1 + parts.next(5)) {
                text +=
                    parts.pick(["", "  ", "\t", "\n", " \n  "])
                    + parts.pick(["allFeaturesImpl", "implementation", "x9_y", "Upper", "a", "", "1abc"])
                text += parts.pick(["", " ", "\n", "\t "]) + parts.pick(["(", "(project)", "", " {", "()"])
                text += parts.pick(["\n", "", " x(\n", "\r\n"])
            }
            let expected = captures(#"(?m)^\s*([a-z][A-Za-z0-9_]*)\s*\("#, in: text, holding: ["("])
            #expect(GradleDependencyFunctions.lineCalls(text) == expected, "\(text.debugDescription)")
            found += expected.count
        }
        #expect(found > 100)
    }

    @Test func shellScriptPathsAreWhatTheRegularExpressionCaptures() {
        var parts = Parts(seed: 16)
        var found = 0
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<(1 + parts.next(4)) {
                text +=
                    parts.pick(["", " ", "\\\"", "\"", "cd ", "é"])
                    + parts.pick(["", "$SRCROOT/", "${SRCROOT}/", "$(PROJECT_DIR)/", "$SRCROOT", "$", "${PROJECT_DIR/"])
                text += parts.pick(["", "../", "scripts/", "a-b_c."]) + parts.pick(["build", "x.sh", "", "run.sh"])
                text +=
                    parts.pick([".sh", ".shell", ".sh.bak", ".sh/", "sh", ".sh_x", ".shé"])
                    + parts.pick(["", " ", "\\n", ";", "\""])
            }
            let expected = captures(
                #"((?:\$\{?\(?(?:SRCROOT|PROJECT_DIR)\)?\}?/)?[A-Za-z0-9_.\-/]*\.sh)\b"#, in: text, holding: [".sh"])
            // The regular expression's `\b` is Unicode's: it differs from the bytes' only next to a
            // non-ASCII letter, which a script path in a project file does not have.
            guard !text.unicodeScalars.contains(where: { !$0.isASCII }) else { continue }
            #expect(BuildUnitIndex.shellScriptPaths(in: Array(text.utf8)) == expected, "\(text.debugDescription)")
            found += expected.count
        }
        #expect(found > 100)
    }
}
