import Foundation
import RelopsCore
import TestSupport
import Testing

/// Issue 39: values a hostile repository or a slip would pass as the new App Links host. An
/// A-label is whatever libidn2 says it is (its `idn2` command is the oracle), and a name a
/// browser reads as an IP address is no host.
@Suite struct HostValueTests {
    /// Punycode names libidn2 takes or refuses for IDNA2008 lookup (non-transitional), and plain
    /// names beside them.
    static let names = [
        "xn--zz.com", "xn--a.com", "xn--ls8h.la", "xn--bcher-kva.example", "XN--BCHER-KVA.example",
        "app.xn--zz.example", "xn--nxasmq6b.example", "xn--80ak6aa92e.com", "xn--fiqs8s.example",
        "xn--bcher-kva.xn--a.example", "163.com", "app.example.com",
    ]

    @Test func anALabelIsAcceptedExactlyWhenLibidn2AcceptsIt() throws {
        let idn2 = ["/usr/bin/idn2", "/usr/local/bin/idn2"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let oracle = try #require(idn2, "the idn2 command (Debian package idn2) is the oracle of this test")
        for name in Self.names {
            let libidn2 = runProcess(oracle, ["--tr46nt", "--quiet", name])
            let accepted: Bool
            do {
                _ = try HostName.strict(name, option: "--to")
                accepted = true
            } catch {
                accepted = false
                #expect(error.message.hasPrefix("--to \(name): "), "\(error.message)")
                if name.lowercased().split(separator: ".").contains(where: { $0.hasPrefix("xn--") }) {
                    #expect(error.message.contains("IDNA2008") || error.message.contains("internationalised"))
                }
            }
            #expect(accepted == (libidn2.status == 0), "\(name): relops \(accepted), idn2 \(libidn2.stderr)")
        }
    }

    @Test func aNameABrowserReadsAsAnIPAddressIsNoNewHost() {
        for name in ["1.2.3.4.5", "0x7f.1", "127.0.0.1", "app.0x7f", "[::1]", "10.0.0.1."] {
            do {
                _ = try HostName.strict(name, option: "--to")
                Issue.record("\(name) was accepted as a new host")
            } catch {
                #expect(error.message.hasPrefix("--to \(name): browsers read it as an IP address"), "\(error.message)")
            }
        }
        for name in ["163.com", "1password.com", "app.1example.com", "0x7f.example"] {
            #expect(throws: Never.self, "\(name)") { try HostName.strict(name, option: "--to") }
        }
    }

    /// End to end: `cutover --to` refuses them with exit 2, naming the label or why, and writes nothing.
    @Test func cutoverRefusesABadNewHostNamingWhy() {
        let repo = GitFixture("bad-new-host")
        repo.write("config.json", "{ \"host\": \"app.example.com\" }\n")
        repo.commit("init")
        for (host, why) in [
            ("xn--zz.com", "--to xn--zz.com: label 'xn--zz' is not a valid IDNA2008 A-label ("),
            ("0x7f.1", "--to 0x7f.1: browsers read it as an IP address (its last label '1' is a number)"),
            ("1.2.3.4.5", "--to 1.2.3.4.5: browsers read it as an IP address (its last label '5' is a number)"),
            ("[::1]", "--to [::1]: browsers read it as an IP address (it is an IPv6 address literal)"),
        ] {
            let result = relops(["cutover", "--from", "app.example.com", "--to", host, "--apply"], in: repo.root)
            #expect(result.status == 2, "\(host): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(why), "\(host): \(result.stderr)")
            #expect(repo.readText("config.json") == "{ \"host\": \"app.example.com\" }\n")
        }
    }
}
