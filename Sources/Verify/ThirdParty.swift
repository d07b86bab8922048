import Curl
import RelopsCore

/// Google's Digital Asset Links API and Apple's CDN: how the platforms see the host.
enum ThirdParty {
    /// `v1/assetlinks:check` for one package and fingerprint.
    static func dalCheckURL(endpoint: String, site: String, package: String, fingerprint: String) -> String {
        trimmed(endpoint) + "/v1/assetlinks:check?"
            + query([
                ("source.web.site", site), ("relation", handleAllURLs),
                ("target.androidApp.packageName", package),
                ("target.androidApp.certificate.sha256Fingerprint", fingerprint),
            ])
    }

    /// `v1/statements:list` for the site.
    static func dalListURL(endpoint: String, site: String) -> String {
        trimmed(endpoint) + "/v1/statements:list?" + query([("source.web.site", site), ("relation", handleAllURLs)])
    }

    /// Apple's CDN copy of a host's file: `<endpoint>/<host without port>`.
    static func cdnURL(endpoint: String, host: String) -> String {
        trimmed(endpoint) + "/" + HostSpec.name(of: host)
    }

    static func trimmed(_ s: String) -> String { s.hasSuffix("/") ? String(s.dropLast()) : s }

    static func query(_ items: [(String, String)]) -> String {
        items.map { "\($0.0)=\(percentEncoded($0.1))" }.joined(separator: "&")
    }

    static func percentEncoded(_ s: String) -> String {
        var out = ""
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// The error codes Google reports (`errorCode`), which it sets even alongside `linked: true`.
    static func errorCodes(_ json: JSONValue) -> [String] {
        json["errorCode"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    static func maxAge(_ json: JSONValue) -> String { json["maxAge"]?.stringValue ?? "not given" }

    /// Google's error body (`{"error": {"message": ...}}`) or the start of the body.
    static func apiError(_ body: [UInt8]) -> String {
        if let json = try? JSONReader.parse(body), let message = json["error"]?["message"]?.stringValue {
            return message
        }
        return String(decoding: body.prefix(160), as: UTF8.self).replacingNewlines()
    }

    static func evaluateCheck(_ json: JSONValue, package: String, fingerprint: String, into list: inout CheckList) {
        let linked = json["linked"] == .bool(true)
        let codes = errorCodes(json)
        let detail = "maxAge \(maxAge(json))" + (codes.isEmpty ? "" : ", errorCode " + codes.joined(separator: ", "))
        if linked && codes.isEmpty {
            list.pass("dal.check", "Google says linked for \(package) with \(fingerprint) (\(detail))")
        } else if linked {
            list.warn(
                "dal.check", "Google says linked for \(package) with \(fingerprint), but reports errors (\(detail))")
        } else {
            list.fail("dal.check", "Google says NOT linked for \(package) with \(fingerprint) (\(detail))")
        }
    }

    static func evaluateList(_ json: JSONValue, package: String, fingerprints: [String], into list: inout CheckList) {
        let statements = json["statements"]?.arrayValue ?? []
        let granted: [(String, String?)] = statements.compactMap { s in
            guard s["relation"]?.stringValue == handleAllURLs, let app = s["target"]?["androidApp"],
                let name = app["packageName"]?.stringValue
            else { return nil }
            return (name, app["certificate"]?["sha256Fingerprint"]?.stringValue)
        }
        let codes = errorCodes(json)
        let detail =
            "\(statements.count) statement(s), maxAge \(maxAge(json))"
            + (codes.isEmpty ? "" : ", errorCode " + codes.joined(separator: ", "))
        let wanted = fingerprints.isEmpty ? [nil] : fingerprints.map(Optional.some)
        for fp in wanted {
            let found = granted.contains { $0.0 == package && (fp == nil || $0.1 == fp) }
            let what = package + (fp.map { " with \($0)" } ?? "")
            if found {
                if codes.isEmpty {
                    list.pass("dal.list", "Google lists \(what) (\(detail))")
                } else {
                    list.warn("dal.list", "Google lists \(what), but reports errors (\(detail))")
                }
            } else {
                list.fail("dal.list", "Google's statement list for the site has no \(what) (\(detail))")
            }
        }
    }
}

extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" || $0 == "\r" ? " " : $0 }) }
}
