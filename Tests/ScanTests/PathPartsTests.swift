import TestSupport
import Testing

@testable import Scan

/// `PathParts` splits an ASCII path on its bytes in one pass: held to the character split it
/// replaced, on paths with empty, leading and trailing segments, and on paths that are not ASCII
/// (split as characters: a `/` followed by a combining mark is one character, not a separator).
@Suite struct PathPartsTests {
    @Test func segmentsAreTheCharacterSplitOfThePath() {
        var numbers = SeededNumbers(seed: 4242)
        func next(_ n: Int) -> Int { numbers.next(n) }
        let pieces = ["/", "/", "a", "Src", "lib", ".", "x.dart", "values-fr", "é", "/\u{301}", "Ä"]
        var paths = ["", "/", "//", "a", "/a", "a/", "a//b", "lib/src/app.dart"]
        for _ in 0..<2000 { paths.append((0..<next(8)).map { _ in pieces[next(pieces.count)] }.joined()) }
        for path in paths {
            let parts = PathParts(path)
            let expected = path.split(separator: "/").map(String.init)
            #expect(parts.segments == expected, "\(path)")
            #expect(
                parts.name == (expected.last ?? path) && parts.folders == expected.dropLast().map { $0.lowercased() })
        }
    }
}
