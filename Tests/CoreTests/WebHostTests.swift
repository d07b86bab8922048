import RelopsCore
import Testing

/// `WebHost` is `--host H[:PORT]` and `app.web_host` validated once: a `HostName` and a port.
@Suite struct WebHostTests {
    func message(_ text: String, option: String = "--host") -> String? {
        do {
            _ = try WebHost(text, option: option)
            return nil
        } catch {
            #expect(error.category == .usage, "\(text)")
            return error.message
        }
    }

    func configMessage(_ value: String) -> String? {
        do {
            _ = try ProjectConfig.parse("app:\n  web_host: \(value)\n", path: "/r/.relops.yml")
            return nil
        } catch {
            #expect(error.category == .badInput, "\(value)")
            return error.message
        }
    }

    @Test func aNameAndAPortAreKeptApartAndTheNameIsPunycode() throws {
        let host = try WebHost(" Bücher.Example:8443", option: "--host")
        #expect(host.name == "xn--bcher-kva.example")
        #expect(host.port == 8443)
        #expect(host.description == "xn--bcher-kva.example:8443")
        #expect(host.written == "Bücher.Example:8443")
        let bare = try WebHost("App.Example.com")
        #expect(bare.port == nil && bare.description == "app.example.com")
        #expect(bare.host == (try HostName("App.Example.com")))
        #expect(WebHost(try HostName("a.example"), port: 8443).description == "a.example:8443")
    }

    @Test func aPortOutOfRangeIsRefusedNamingTheFlag() {
        for port in ["0", "65536", "99999", "123456789012345678901234567890"] {
            #expect(
                message("a.example.com:\(port)")
                    == "--host a.example.com:\(port): port must be a number from 1 to 65535")
        }
    }

    @Test func aPortThatIsNotANumberIsRefusedNamingTheFlag() {
        for port in ["https", "", "+80", "-1", "80 ", "٨٠"] {
            #expect(
                message("a.example.com:\(port)")
                    == "--host a.example.com:\(port): port must be a number from 1 to 65535", "\(port)")
        }
        #expect(message("a.example.com:80:81") == "--host a.example.com:80:81: expected HOST or HOST:PORT")
    }

    @Test func aURLOrAUserNameIsRefusedWithWhatToPassInstead() {
        for url in ["https://a.example.com", "https://a.example.com:8443/", "a.example.com/.well-known"] {
            #expect(
                message(url) == "--host \(url): pass the bare host name (such as app.example.com), not a URL or path")
        }
        #expect(message("me@a.example.com:8443")?.hasSuffix("pass the bare host name, without a user name") == true)
        #expect(
            message("", option: "app.web_host")
                == "app.web_host: empty host; pass a bare host name such as app.example.com")
    }

    @Test func relopsYMLRefusesTheSameWithItsKeyAndPosition() {
        #expect(
            configMessage("a.example.com:99999")
                == "/r/.relops.yml:2:13: app.web_host a.example.com:99999: port must be a number from 1 to 65535")
        #expect(
            configMessage("a.example.com:http")
                == "/r/.relops.yml:2:13: app.web_host a.example.com:http: port must be a number from 1 to 65535")
        #expect(
            configMessage("https://a.example.com:8443")
                == "/r/.relops.yml:2:13: app.web_host https://a.example.com:8443: pass the bare host name "
                + "(such as app.example.com), not a URL or path")
        #expect(configMessage("\"a.example.com:8443:1\"")?.hasSuffix("expected HOST or HOST:PORT") == true)
    }

    @Test func relopsYMLKeepsTheNameThePortAndTheSpelling() throws {
        let config = try ProjectConfig.parse("app:\n  web_host: Rendered.Relops.Test:52279\n", path: ".relops.yml")
        let host = try #require(config.webHost)
        #expect(host.name == "rendered.relops.test" && host.port == 52279)
        #expect(host.written == "Rendered.Relops.Test:52279")
        #expect(try ProjectConfig.parse("app:\n  web_host: a.example.com\n", path: ".relops.yml").webHost?.port == nil)
    }
}
