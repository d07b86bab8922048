import Git
import Testing

@testable import Scan

/// Which unit of a folder owns a file there (`BuildUnitIndex.owner(of:)`): the first that claims
/// its language, preferring one that holds it by its targets, then one that is no service.
@Suite struct UnitOwnershipTests {
    /// An index over `files` (path -> text), read from memory.
    private func index(_ files: [(String, String)]) throws -> BuildUnitIndex {
        let zero = try #require(ObjectID(bytes: [UInt8](repeating: 0, count: 20)))
        var list = FileList()
        for (path, _) in files { list.append(path: path, kind: .file, id: zero) }
        let texts = Dictionary(uniqueKeysWithValues: files.map { ($0.0, Array($0.1.utf8)) })
        return BuildUnitIndex(files: list, read: { _, path in texts[path] })
    }

    /// A Rust binary crate (a service) and a Gradle module in one folder both claim a `.rs` file:
    /// the module owns it, though the crate's manifest comes first in path order.
    @Test func aUnitThatIsNoServiceOwnsAFileBeforeAServiceThatClaimsIt() throws {
        let units = try index([
            ("svc/Cargo.toml", "[package]\nname = \"svc\"\n"), ("svc/build.gradle", "plugins { id 'java-library' }\n"),
            ("svc/src/main.rs", "fn main() {}\n"), ("svc/src/lib.rs", "pub const HOST: &str = \"app.example.com\";\n"),
        ])
        let owners = units.units(inFolder: "svc")
        #expect(owners.map(\.file) == ["svc/Cargo.toml", "svc/build.gradle"])
        #expect(owners.first.map(isService) == true)
        #expect(units.owner(of: "svc/src/lib.rs")?.file == "svc/build.gradle")
    }

    /// Where only the service claims the file, it owns it.
    @Test func aServiceOwnsWhatNoOtherUnitClaims() throws {
        let units = try index([
            ("svc/Cargo.toml", "[package]\nname = \"svc\"\n"), ("svc/package.json", "{\"name\": \"web\"}\n"),
            ("svc/src/main.rs", "fn main() {}\n"), ("svc/src/lib.rs", "pub const HOST: &str = \"app.example.com\";\n"),
        ])
        #expect(units.owner(of: "svc/src/lib.rs")?.file == "svc/Cargo.toml")
    }
}
