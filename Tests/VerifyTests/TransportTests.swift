import Curl
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// TLS, timeouts and reachability: what curl sees before any file is read.
@Suite struct TransportTests {
    @Test func aServerThatNeverAnswersTimesOutAndCountsAsUnreachable() throws {
        let nginx = try server()
        var o = try options("good")
        o.host = try WebHost("silent.relops.test:\(nginx.silentPort)")
        o.totalTimeout = 1
        let report = try Verifier.run(o)
        let check = try #require(report.named("assetlinks.fetch").first, "\(report.text)")
        #expect(check.reason.hasPrefix("timed out"), "\(check.reason)")
        #expect(check.unreachable)
        #expect(report.failureCategory == .couldNotCheck)
    }

    @Test func aRefusedConnectionIsUnreachable() throws {
        var o = try options("good")
        o.host = try WebHost("good.relops.test:1")
        o.resolve = ["good.relops.test:1:127.0.0.1"]
        let report = try Verifier.run(o)
        #expect(report.named("assetlinks.fetch").first?.reason.hasPrefix("could not connect") == true, "\(report.text)")
        #expect(report.failureCategory == .couldNotCheck)
    }

    @Test(arguments: ["otherca", "wrongname"]) func aCertificateThatDoesNotVerifyFails(host: String) throws {
        let report = try Verifier.run(try options(host))
        let check = try #require(report.named("assetlinks.fetch").first, "\(report.text)")
        #expect(check.verdict == .fail)
        #expect(check.reason.hasPrefix("TLS verification failed"), "\(check.reason)")
        #expect(!check.unreachable)
        #expect(report.failureCategory == .checkFailed)
    }

    @Test func withoutTheTestCATheSystemCAsRefuseTheServer() throws {
        var o = try options("good")
        o.caFile = nil
        let report = try Verifier.run(o)
        #expect(
            report.named("assetlinks.fetch").first?.reason.hasPrefix("TLS verification failed") == true,
            "\(report.text)")
    }

    @Test func requestsCarryTheRelopsUserAgentOverHTTP2() throws {
        let nginx = try server()
        let options = try options("good")
        let request = HTTPRequest(
            url: nginx.origin("good") + "/echo-user-agent", resolve: nginx.resolve,
            caFile: nginx.ca.certificatePath, totalTimeout: 2, userAgent: options.userAgent)
        let response = try EasyHandle(request).perform().get()
        #expect(String(decoding: response.body, as: UTF8.self) == "relops/\(relopsVersion)")
        #expect(response.httpVersion == "2")
        #expect(response.status == 200)
    }

    @Test func theMultiHandleKeepsOrderAndIsolatesFailures() throws {
        let nginx = try server()
        let make = { (url: String) in
            HTTPRequest(url: url, resolve: nginx.resolve, caFile: nginx.ca.certificatePath, totalTimeout: 2)
        }
        let results = fetchAll([
            make(nginx.origin("good") + "/.well-known/assetlinks.json"), make("http://good.relops.test/"),
            make(nginx.origin("notfound") + "/.well-known/assetlinks.json"),
        ])
        #expect(try results[0].get().status == 200)
        #expect(throws: CurlError.self) { try results[1].get() }
        #expect(try results[2].get().status == 404)
    }
}

extension TransportTests {
    @Test func theBodyCapHoldsWithoutAContentLength() throws {
        let nginx = try server()
        let request = HTTPRequest(
            url: nginx.origin("stream") + "/noise.txt", resolve: nginx.resolve, caFile: nginx.ca.certificatePath,
            totalTimeout: 2, maxBodyBytes: 64 * 1024, headers: ["Accept-Encoding: gzip"])
        let result = try EasyHandle(request).perform()
        #expect {
            try result.get()
        } throws: { error in
            // CURLE_WRITE_ERROR (23): stopped by the write callback, not by a declared length (63).
            (error as? CurlError)?.kind == .tooLarge && (error as? CurlError)?.code == 23
        }
        // Without the cap, the same transfer completes: the cap is what stopped it.
        var uncapped = request
        uncapped.maxBodyBytes = 4 << 20
        #expect(try EasyHandle(uncapped).perform().get().body.count > 64 * 1024)
    }
}
