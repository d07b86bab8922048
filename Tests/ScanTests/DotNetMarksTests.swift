import TestSupport
import Testing

@testable import Scan

/// `DotNetMarks` finds a `.csproj`'s words in three passes (each `<`, each `-`, each
/// `microsoft.`): it must say what a case-blind search for each word says.
@Suite struct DotNetMarksTests {
    @Test func threePassesFindWhatASearchForEachWordFinds() {
        var numbers = SeededNumbers(seed: 5150)
        let words = DotNetMarks.words.map { String(decoding: $0.text, as: UTF8.self) }
        // Whole words in either case, their halves, and what sits around them in a real project.
        var pieces = words + words.map { $0.uppercased() } + words.map { String($0.prefix($0.count / 2)) }
        pieces += words.map { String($0.dropFirst($0.count / 2)) }
        pieces += ["<", "-", "microsoft.", "Microsoft.NET.Sdk", " ", "\n", "\"", ">", "net8.0", "x", "0", "<Project>"]
        var seen = DotNetMarks()
        for _ in 0..<3000 {
            let text = (0..<numbers.next(12)).map { _ in pieces[numbers.next(pieces.count)] }.joined()
            let bytes = ProjectFileBytes(Array(text.utf8))
            var expected = DotNetMarks()
            for word in DotNetMarks.words
            where bytes.firstIndex(of: word.text, from: 0, to: bytes.bytes.count, ignoringCase: true) != nil {
                expected.insert(word.mark)
            }
            #expect(DotNetMarks(bytes) == expected, "\(text.debugDescription)")
            seen.formUnion(expected)
        }
        // Every word was found somewhere, so none of them is left untried.
        #expect(DotNetMarks.words.allSatisfy { seen.contains($0.mark) })
    }
}
