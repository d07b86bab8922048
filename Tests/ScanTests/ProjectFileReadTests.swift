import Foundation
import Git
import RelopsCore
import Synchronization
import TestSupport
import Testing

@testable import Scan

/// A repository of many projects, the host only in the files `hosts` names.
private func makeMonorepo(hostIn hosts: [String]) -> GitFixture {
    let repo = GitFixture("monorepo")
    let maui = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup><UseMaui>true</UseMaui></PropertyGroup>
          <ItemGroup><EmbeddedResource Include="appsettings.json" /></ItemGroup>
          <ItemGroup><ProjectReference Include="..\\..\\Libs\\Core\\Core.csproj" /></ItemGroup>
        </Project>
        """
    repo.write("Mobile/App.Mobile/App.Mobile.csproj", maui)
    repo.write("Mobile/App.Mobile/appsettings.json", "{}\n")
    repo.write("Mobile/App.Mobile/Platforms/Android/MainActivity.cs", "class A {}\n")
    repo.write("Server/Api/Api.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Web\"></Project>\n")
    repo.write("Server/Api/appsettings.json", "{}\n")
    repo.write("Server/Worker/Worker.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Worker\"></Project>\n")
    repo.write("Libs/Core/Core.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n")
    repo.write("Libs/Core/Links.cs", "class Links {}\n")
    repo.write("Tests/Api.Tests/Api.Tests.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n")
    repo.write("android/build.gradle", "buildscript {}\n")
    repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\nimplementation project(':lib')\n")
    repo.write("android/lib/build.gradle", "plugins { id 'com.android.library' }\n")
    for path in hosts {
        repo.write(path, "const string Host = \"https://app.example.com/x\";\n")
    }
    repo.commit("monorepo")
    return repo
}

/// Scans `repo`, returning the result and every project file the classifier read, in order.
private func scanCountingProjectReads(_ repo: GitFixture) throws -> (ScanResult, [String]) {
    let reads = Mutex<[String]>([])
    let root = repo.root
    let result = try scan(
        try Project(path: root), ScanRequest(hosts: [host], workers: 2), progress: nil,
        readingProjectFilesWith: { _, path in
            reads.withLock { $0.append(path) }
            return readFile(root + "/" + path)
        })
    return (result, reads.withLock { $0 })
}

/// A repository where both workers find hits all the way through: 600 files with the host in
/// six projects (two .NET, an Android module, a service, a library, a test project), the
/// projects' build files among them.
private func makeHitDenseMonorepo() -> GitFixture {
    let repo = makeMonorepo(hostIn: [])
    let folders = [
        "Mobile/App.Mobile", "Server/Api", "Libs/Core", "Tests/Api.Tests", "android/app/src/main/res/values",
        "android/lib/src/main/java",
    ]
    for k in 0..<600 {
        let folder = folders[k % folders.count]
        let name = folder.hasSuffix("values") ? "strings\(k).xml" : folder.hasSuffix("java") ? "L\(k).java" : "F\(k).cs"
        let line = "// see https://app.example.com/\(k)\nconst string Host = \"https://app.example.com/\(k)\";\n"
        repo.write("\(folder)/\(name)", String(repeating: "x = 1;\n", count: k % 50) + line)
    }
    repo.commit("hits everywhere")
    return repo
}

@Suite struct ProjectFileReadTests {
    @Test func workersThatClassifyAsTheyReadReadEachBuildFileOnceAndAgreeWithOneWorker() throws {
        let repo = makeHitDenseMonorepo()
        let (parallel, reads) = try scanCountingProjectReads(repo)
        #expect(reads.count == Set(reads).count, "a build file read twice: \(reads)")
        #expect(reads.contains("Mobile/App.Mobile/App.Mobile.csproj") && reads.contains("android/app/build.gradle"))
        let single = try scan(try Project(path: repo.root), ScanRequest(hosts: [host], workers: 1))
        #expect(parallel.occurrences.count == 1200)
        #expect(parallel.occurrences == single.occurrences)
        #expect(parallel.jsonText == single.jsonText)
    }

    @Test func aScanWithOccurrencesInOneProjectReadsOnlyThatProjectsFile() throws {
        let repo = makeMonorepo(hostIn: [
            "Mobile/App.Mobile/appsettings.json", "Mobile/App.Mobile/Platforms/Android/MainActivity.cs",
        ])
        let (result, reads) = try scanCountingProjectReads(repo)
        #expect(reads == ["Mobile/App.Mobile/App.Mobile.csproj"])
        #expect(result.classOf("Mobile/App.Mobile/appsettings.json") == .binaryConfig)
        #expect(result.classOf("Mobile/App.Mobile/Platforms/Android/MainActivity.cs") == .binaryLiteral)
    }

    @Test func occurrencesInTwoProjectsReadEachProjectFileOnce() throws {
        let repo = makeMonorepo(hostIn: [
            "Server/Api/appsettings.json", "Server/Api/Startup.cs", "android/app/src/main/res/values/strings.xml",
        ])
        let (result, reads) = try scanCountingProjectReads(repo)
        #expect(reads.sorted() == ["Server/Api/Api.csproj", "android/app/build.gradle"])
        #expect(result.classOf("Server/Api/Startup.cs") == .server)
        #expect(result.classOf("android/app/src/main/res/values/strings.xml") == .binaryConfig)
    }

    @Test func aScanWithoutOccurrencesReadsNoProjectFile() throws {
        let (result, reads) = try scanCountingProjectReads(makeMonorepo(hostIn: []))
        #expect(result.occurrences.isEmpty)
        #expect(reads.isEmpty)
    }

    @Test func owningProjectsWalkUpToTheNearestProjectFolder() throws {
        let repo = makeMonorepo(hostIn: [])
        let files = try Repository(at: repo.root).indexFiles()
        var reads: [String] = []
        let index = ProjectIndex(files: files) { _, path in
            reads.append(path)
            return readFile(repo.root + "/" + path)
        }
        #expect(
            index.owningProjects(ofFolder: "Mobile/App.Mobile/Platforms/Android").map(\.file) == [
                "Mobile/App.Mobile/App.Mobile.csproj"
            ])
        #expect(index.owningProjects(ofFolder: "Mobile/App.Mobile").first?.kind == .mobileDotNet)
        // A Gradle build file without an Android plugin defines no project: `android/` has none.
        #expect(index.owningProjects(ofFolder: "android").isEmpty)
        #expect(index.owningProjects(ofFolder: "Docs/adr").isEmpty)
        #expect(reads == ["Mobile/App.Mobile/App.Mobile.csproj", "android/build.gradle"])
    }

    @Test func projectsReferencingFollowProjectReferencesAndGradleModules() throws {
        let repo = makeMonorepo(hostIn: [])
        let files = try Repository(at: repo.root).indexFiles()
        let index = ProjectIndex(files: files) { _, path in readFile(repo.root + "/" + path) }
        let core = try #require(index.owningProjects(ofFolder: "Libs/Core").first)
        #expect(core.kind == .server)
        #expect(index.projectsReferencing(core).map(\.file) == ["Mobile/App.Mobile/App.Mobile.csproj"])
        let lib = try #require(index.owningProjects(ofFolder: "android/lib").first)
        #expect(index.projectsReferencing(lib).map(\.file) == ["android/app/build.gradle"])
        let api = try #require(index.owningProjects(ofFolder: "Server/Api").first)
        #expect(index.projectsReferencing(api).isEmpty)
    }

    @Test func projectFileCandidatesAreFoundOnThePathBytes() throws {
        let repo = GitFixture("candidates")
        for path in [
            "a/App.CSPROJ", "a/notes.csproj.txt", "ios/App.xcodeproj/project.pbxproj", "ios/App.XcodeProj/x.plist",
            "ios/x.xcodeproj", "ios/Other.xcodeproj/a/b.json", "m/build.gradle.kts", "m/src/main/AndroidManifest.xml",
            "z.txt",
        ] {
            repo.write(path, "x\n")
        }
        repo.commit("candidates")
        let files = try Repository(at: repo.root).indexFiles()
        #expect(
            projectFileCandidates(files).map { files.path(at: $0) } == [
                "a/App.CSPROJ", "ios/App.XcodeProj/x.plist", "ios/App.xcodeproj/project.pbxproj",
                "ios/Other.xcodeproj/a/b.json", "m/build.gradle.kts", "m/src/main/AndroidManifest.xml",
            ])
    }

    @Test func msbuildItemsAreReadFromBytesWhateverTheLineEndingsAndQuotes() {
        let text = ProjectFileBytes(
            Array(
                "<ItemGroup>\r\n  <EmbeddedResource\r\n    Include='a.json; b\\c.json' />\r\n  <EmbeddedResourceX Include=\"x\" />\r\n  <EmbeddedResource Update=\"u.json\" Include=\"i.json\"/>\r\n</ItemGroup>\r\n"
                    .utf8))
        #expect(
            text.attributeValues(element: "EmbeddedResource", attributes: ["Include", "Update"]) == [
                "a.json", "b\\c.json", "i.json", "u.json",
            ])
        #expect(text.contains("<itemgroup>", ignoringCase: true))
        #expect(!text.contains("<itemgroup>"))
        #expect(resolvingRelativePath("../../Libs/Core/Core.csproj", from: "Mobile/App") == "Libs/Core/Core.csproj")
        #expect(resolvingRelativePath("../../../x.csproj", from: "Mobile/App") == nil)
        #expect(resolvingRelativePath("$(Root)/x.csproj", from: "") == nil)
        #expect(
            gradleModules(in: Array("implementation(project(\":feature:login\"))\napi project(path: ':core')".utf8))
                == [
                    "feature/login", "core",
                ])
    }
}

/// A `--dart-define` takes the first `String.fromEnvironment` read of its key from what the
/// workers found in the Dart sources they searched: the classifier reads none of them again.
@Suite struct DartReadsFromTheWorkersTests {
    @Test func aDefineNamesTheFirstReadInFileOrderWithoutReadingTheDartSourcesAgain() throws {
        let repo = makeFlutterApp()
        for k in 0..<200 {
            repo.write("lib/features/f\(k)/view.dart", "class View\(k) {}\n// host.com\n")
        }
        repo.write("lib/a/first.dart", "// one\nconst h = String.fromEnvironment('HOST', defaultValue: 'a.example');\n")
        repo.write("lib/z/later.dart", "const h = String.fromEnvironment(\"HOST\", defaultValue: \"z.example\");\n")
        repo.commit("many Dart sources")
        let reads = Mutex<[String]>([])
        let root = repo.root
        for workers in [1, 2] {
            let result = try scan(
                try Project(path: root), ScanRequest(hosts: ["host.com"], workers: workers), progress: nil,
                readingProjectFilesWith: { _, path in
                    reads.withLock { $0.append(path) }
                    return readFile(root + "/" + path)
                })
            let define = try #require(result.occurrence("ios/fastlane/Fastfile"))
            #expect(
                define.rule.contains(
                    "overrides `String.fromEnvironment('HOST', defaultValue: 'a.example')` at lib/a/first.dart:2"),
                "\(define.rule)")
            #expect(define.products.map(\.label).sorted() == ["iOS app `Runner`"])
        }
        let dart = reads.withLock { $0 }.filter { $0.hasSuffix(".dart") }
        #expect(dart.isEmpty, "\(dart.count) Dart sources read again, the first \(dart.prefix(3))")
    }
}
