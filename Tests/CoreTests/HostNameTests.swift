import RelopsCore
import Testing

/// `HostName` is validated once: a value of the type is lowercase ASCII, and keeps what was written.
@Suite struct HostNameTests {
    @Test func aUnicodeNameBecomesPunycodeAndKeepsItsSpelling() throws {
        let host = try HostName(" Bücher.Example ", option: "--to")
        #expect(host.name == "xn--bcher-kva.example")
        #expect(host.written == "Bücher.Example")
        #expect(host.description == host.name)
    }

    @Test func badInputIsRefusedWithTheOptionNamed() {
        #expect(throws: Failure.self) { try HostName("https://app.example.com/x", option: "--host") }
        do {
            _ = try HostName.strict("localhost", option: "--to")
            Issue.record("a name without a dot was accepted as a new host")
        } catch {
            #expect(error.message.hasPrefix("--to localhost: a public host name has at least one dot"))
        }
    }
}
