import Testing

@testable import Scan

/// A build file's relative path (a `ProjectReference`, an `Include`) resolved against its folder,
/// the way the build tools read it: `.` stays, `..` climbs one folder, empty parts do not count,
/// and a path that climbs above the repository or names an MSBuild property resolves to nothing.
@Suite struct RelativePathTests {
    @Test(
        arguments: [
            ("../Lib/Lib.csproj", "src/App", "src/Lib/Lib.csproj"),
            ("../../Libs/L1/L1.csproj", "src/Server/S1", "src/Libs/L1/L1.csproj"),
            ("./Shared//Links.cs", "app", "app/Shared/Links.cs"),
            ("Resources/Strings.resx", "", "Resources/Strings.resx"),
            ("../x", "a", "x"),
            ("..", "a", ""),
            ("a/../b/./c", "", "b/c"),
            ("../..", "a", nil),
            ("../Lib.csproj", "", nil),
            ("/abs/Lib.csproj", "src", nil),
            ("$(SolutionDir)Lib/Lib.csproj", "src", nil),
            ("Ünïcode/../Ä.cs", "dir", "dir/Ä.cs"),
        ] as [(String, String, String?)])
    func resolvesAgainstItsFolder(relative: String, folder: String, expected: String?) {
        #expect(resolve(relative, from: folder) == expected)
    }
}
