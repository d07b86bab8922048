import RelopsCore
import Scan
import TestSupport
import Testing

/// A reference cycle (which no build tool accepts, but a repository can hold) is cut where it
/// closes, and the products a file reaches do not depend on which file was classified first: the
/// scan's workers classify files in no fixed order.
@Suite struct ReferenceCycleTests {
    let h = "host.com"

    /// An app that references one library, a server that references the other, and the two
    /// libraries referencing each other. With one worker, files are classified in path order, so
    /// `first` decides which library's file is asked about first.
    func cycle(named name: String, first: String, second: String) -> GitFixture {
        let repo = GitFixture(name)
        repo.write(
            "App/App.csproj",
            """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks><UseMaui>true</UseMaui><OutputType>Exe</OutputType></PropertyGroup>
              <ItemGroup><ProjectReference Include="../\(first)/\(first).csproj" /></ItemGroup>
            </Project>
            """)
        repo.write(
            "Server/Server.csproj",
            """
            <Project Sdk="Microsoft.NET.Sdk.Web">
              <ItemGroup><ProjectReference Include="../\(second)/\(second).csproj" /></ItemGroup>
            </Project>
            """)
        for (library, other) in [(first, second), (second, first)] {
            repo.write(
                "\(library)/\(library).csproj",
                """
                <Project Sdk="Microsoft.NET.Sdk">
                  <ItemGroup><ProjectReference Include="../\(other)/\(other).csproj" /></ItemGroup>
                </Project>
                """)
            repo.write("\(library)/Links.cs", "static class Links { const string Host = \"https://\(h)/x\"; }\n")
        }
        repo.commit("a reference cycle")
        return repo
    }

    func products(_ result: ScanResult, _ path: String) -> [String] {
        result.occurrence(path)?.products.map(\.name).sorted() ?? ["(no occurrence at \(path))"]
    }

    @Test func bothLibrariesOfACycleShipInTheAppAndTheServerWhicheverIsClassifiedFirst() throws {
        // The app references A, the server B: A's file is classified first.
        let appFirst = cycle(named: "cycle-app-side-first", first: "A", second: "B")
        let a = try scanRepository(appFirst.root, hosts: [h], workers: 1)
        #expect(products(a, "A/Links.cs") == ["App", "Server"])
        #expect(products(a, "B/Links.cs") == ["App", "Server"])
        // The app references B, the server A: the server's side is classified first.
        let serverFirst = cycle(named: "cycle-server-side-first", first: "B", second: "A")
        let b = try scanRepository(serverFirst.root, hosts: [h], workers: 1)
        #expect(products(b, "A/Links.cs") == ["App", "Server"])
        #expect(products(b, "B/Links.cs") == ["App", "Server"])
    }

    /// Libraries that reference each other at random (a fixed seed), cycles included, with an app
    /// and servers on top: every library's file ships in exactly the products that reach it, as a
    /// plain search over the references says, with one worker or two.
    @Test func everyLibraryOfATangledGraphShipsInTheProductsThatReachIt() throws {
        let libraries = (0..<14).map { "L\($0)" }
        var numbers = SeededNumbers(seed: 42)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        var references: [String: [String]] = [:]
        for library in libraries {
            references[library] = (0..<2).map { _ in libraries[next(libraries.count)] }.filter { $0 != library }
        }
        references["App"] = [libraries[next(libraries.count)]]
        for server in ["S0", "S1", "S2"] { references[server] = [libraries[next(libraries.count)]] }
        let repo = GitFixture("tangled-references")
        func project(_ name: String, _ header: String) {
            let items = Set(references[name] ?? []).sorted().map {
                "<ProjectReference Include=\"../\($0)/\($0).csproj\" />"
            }
            repo.write("\(name)/\(name).csproj", "\(header)\n  <ItemGroup>\(items.joined())</ItemGroup>\n</Project>\n")
        }
        project(
            "App",
            "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup><TargetFrameworks>net8.0-android</TargetFrameworks>"
                + "<UseMaui>true</UseMaui><OutputType>Exe</OutputType></PropertyGroup>")
        for server in ["S0", "S1", "S2"] { project(server, "<Project Sdk=\"Microsoft.NET.Sdk.Web\">") }
        for library in libraries {
            project(library, "<Project Sdk=\"Microsoft.NET.Sdk\">")
            repo.write("\(library)/Links.cs", "static class Links { const string Host = \"https://\(h)/x\"; }\n")
        }
        repo.commit("tangled references")
        // The oracle: the products from which a library can be reached along the references.
        func reaching(_ library: String) -> [String] {
            ["App", "S0", "S1", "S2"].filter { product in
                var seen: Set<String> = [product], queue = [product]
                while let current = queue.popLast() {
                    for target in references[current] ?? [] where seen.insert(target).inserted { queue.append(target) }
                }
                return seen.contains(library)
            }
        }
        for workers in [1, 2] {
            let result = try scanRepository(repo.root, hosts: [h], workers: workers)
            for library in libraries {
                #expect(
                    products(result, "\(library)/Links.cs") == reaching(library), "\(library), \(workers) worker(s)")
            }
        }
    }
}
