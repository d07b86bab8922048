import Git
import Testing

@Suite struct FileListNameTests {
    /// `lastLowerByte` against the last byte of each path's string, lower-cased, on the paths a
    /// tree holds and their edges: one-byte names, capitals, non-ASCII, the first and last path.
    @Test func theLastByteOfEachPathIsItsOwnLowerCased() throws {
        let paths = [
            "a", "Fastfile", "ios/fastlane/FASTFILE", "Makefile", "build.sh", "scripts/Release.SH",
            ".github/workflows/ci.yml", "codemagic.yaml", "lib/main.dart", "assets/é", "docs/Ü", "Z", "x/Y/",
            "README", "b",
        ]
        let id = try #require(ObjectID(hex: String(repeating: "0", count: 40)))
        var files = FileList()
        for path in paths { files.append(path: path, kind: .file, id: id) }
        for (i, path) in paths.enumerated() {
            let last = path.utf8.last ?? 0
            let expected = last >= 0x41 && last <= 0x5A ? last | 0x20 : last
            #expect(files.lastLowerByte(at: i) == expected, "\(path)")
        }
    }
}
