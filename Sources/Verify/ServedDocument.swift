import Association
import Curl
import RelopsCore

/// How a fetched file was served, its JSON, and live-vs-rendered comparison.
extension Verifier {
    /// Status, redirect and content type of a fetched file; its body when there is one to read.
    static func responseBody(
        _ result: Result<HTTPResponse, CurlError>?, _ name: String, strictType: Bool, quiet: Bool = false,
        into list: inout CheckList
    ) -> [UInt8]? {
        switch result {
        case .none:
            list.fail("\(name).fetch", "not fetched")
            return nil
        case .failure(let error):
            list.checks.append(
                Check(
                    "\(name).fetch", .fail, url: list.url, describe(error),
                    unreachable: [.couldNotResolve, .couldNotConnect, .timedOut].contains(error.kind)))
            return nil
        case .success(let r):
            if (300..<400).contains(r.status) {
                list.fail(
                    "\(name).status",
                    "HTTP \(r.status) redirect to \(r.location ?? "(no Location)"): "
                        + "redirects are not followed, and neither Android nor iOS follows them")
                return nil
            }
            guard r.status == 200 else {
                list.fail("\(name).status", "HTTP \(r.status), expected 200")
                return nil
            }
            if !quiet { list.pass("\(name).status", "HTTP 200 over HTTP/\(r.httpVersion), \(r.body.count) bytes") }
            if r.mediaType == "application/json" {
                if !quiet { list.pass("\(name).content-type", "Content-Type: \(r.contentType ?? "")") }
            } else {
                let reason =
                    "Content-Type is \(r.contentType.map { "\"\($0)\"" } ?? "missing"), expected application/json"
                if strictType {
                    list.fail("\(name).content-type", reason)
                } else if !quiet {
                    list.warn("\(name).content-type", reason)
                }
            }
            return r.body
        }
    }

    static func parseJSON(_ body: [UInt8], _ name: String, into list: inout CheckList) -> JSONValue? {
        do {
            let (value, mark) = try AssociationJSON.parse(body, document: list.url ?? name)
            if mark {
                list.warn("\(name).json", "the body starts with a UTF-8 byte order mark; some clients refuse it")
            }
            return value
        } catch {
            let html =
                body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "<") ? " (an HTML page?)" : ""
            list.fail("\(name).json", "not valid JSON: \(error.line):\(error.column): \(error.message)\(html)")
            return nil
        }
    }

    /// A Google API answer as JSON, or a failure naming what went wrong.
    static func apiJSON(_ result: Result<HTTPResponse, CurlError>?, _ name: String, into list: inout CheckList)
        -> JSONValue?
    {
        guard case .success(let r) = result else {
            return responseBody(result, name, strictType: false, into: &list).flatMap { _ in nil }
        }
        guard r.status == 200 else {
            list.fail(name, "HTTP \(r.status): \(ThirdParty.apiError(r.body))")
            return nil
        }
        return parseJSON(r.body, name, into: &list)
    }

    static func describe(_ error: CurlError) -> String {
        switch error.kind {
        case .timedOut: return "timed out: \(error.message)"
        case .tls: return "TLS verification failed: \(error.message)"
        case .tooLarge: return "body over the cap: \(error.message)"
        case .couldNotConnect: return "could not connect: \(error.message)"
        case .couldNotResolve: return "could not resolve the host: \(error.message)"
        default: return error.message
        }
    }
}
