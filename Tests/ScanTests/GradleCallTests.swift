import TestSupport
import Testing

@testable import Scan

/// `gradleProjectCalls` finds on the bytes what the regular expression it replaces captures.
@Suite struct GradleCallTests {
    @Test func projectCallsOnTheBytesAreWhatTheRegularExpressionCaptures() {
        var numbers = SeededNumbers(seed: 7)
        func next(_ n: Int) -> Int { numbers.next(n) }
        func pick(_ choices: [String]) -> String { choices[next(choices.count)] }
        // Calls built from parts, each part sometimes a near miss.
        func call() -> String {
            let spaces = ["", " ", "\n", "\r\n", "\t ", "x"]
            return pick(["project(", "project(", "project (", "Project(", "x"]) + pick(spaces)
                + pick(["", "", "path", "path", "Path", "pat"]) + pick(spaces) + pick(["", ":", "=", "-"])
                + pick(spaces) + pick(["'", "\"", "", "`"]) + pick([":", ":", ""])
                + pick(["app", "core:ui", "", "a'b", "a\nb"]) + pick(["'", "\"", ""]) + pick([")", "", ":x')"])
        }
        var found = 0
        for _ in 0..<3000 {
            let text = (0..<(1 + next(3))).map { _ in call() }.joined(separator: pick(["\n", " ", ""]))
            let expected = captures(gradleProjectCallPattern, in: text, holding: [])
            #expect(gradleProjectCalls(in: text) == expected, "\(text.debugDescription)")
            found += expected.count
        }
        #expect(found > 50)
        let written = "implementation project(':feature:login')\napi(project(path = \":core\"))\nproject( path : ':x')"
        #expect(gradleProjectCalls(in: written) == ["feature:login", "core", "x"])
        #expect(gradleProjectCalls(in: "project(':é')") == nil)
    }
}
