import Foundation
import RelopsCore

/// The `curl` command lines that fetch what `relops verify` fetches, for a person or a runbook
/// (`--print-curl`). relops itself never runs curl.
public enum CurlCommands {
    /// One comment line and one command per request, in the order verify makes them (first round).
    public static func lines(_ options: VerifyOptions) throws(Failure) -> [String] {
        try HostSpec.validate(options.host)
        let expectation = try options.expectation.validated()
        var out: [String] = []
        func curl(_ url: String, cap: Int) -> String {
            var parts = [
                "curl", "-sS", "-i", "--proto", "=https", "--http2", "--connect-timeout",
                format(options.connectTimeout),
                "--max-time", format(options.totalTimeout), "--max-filesize", String(cap), "-A", options.userAgent,
                "-H", "Accept: application/json",
            ]
            if let ca = options.caFile { parts += ["--cacert", ca] }
            for r in options.resolve { parts += ["--resolve", r] }
            for c in options.connectTo { parts += ["--connect-to", c] }
            parts.append(url)
            return parts.map(quoted).joined(separator: " ")
        }
        for plan in Verifier.plans(options) {
            let base = "https://\(plan.host)/.well-known/"
            if plan.android {
                out.append(
                    "# \(plan.host): Android App Links file (expect 200, application/json, no Location; curl does not follow redirects without -L)"
                )
                out.append(curl(base + "assetlinks.json", cap: Verifier.androidBodyCap))
            }
            if plan.appLinks || plan.webCredentials {
                out.append("# \(plan.host): Apple app-site-association (expect 200, at most 128 KB, no redirect)")
                out.append(curl(base + "apple-app-site-association", cap: Verifier.appleBodyCap))
            }
            guard !options.offline else { continue }
            if plan.appLinks || plan.webCredentials {
                out.append("# \(plan.host): Apple's CDN copy (compare with the origin's)")
                out.append(
                    curl(
                        ThirdParty.cdnURL(endpoint: options.appleCDNEndpoint, host: plan.host),
                        cap: Verifier.appleBodyCap))
            }
            if plan.android, let package = expectation.androidPackage {
                for fp in expectation.fingerprints {
                    out.append(
                        "# \(plan.host): Google's Digital Asset Links check for \(package) (read linked, maxAge, errorCode)"
                    )
                    out.append(
                        curl(
                            ThirdParty.dalCheckURL(
                                endpoint: options.dalEndpoint, site: "https://\(plan.host)",
                                package: package, fingerprint: fp), cap: Verifier.androidBodyCap))
                }
                out.append("# \(plan.host): Google's statement list for the site")
                out.append(
                    curl(
                        ThirdParty.dalListURL(endpoint: options.dalEndpoint, site: "https://\(plan.host)"),
                        cap: Verifier.androidBodyCap))
            }
        }
        return out
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// A word for a POSIX shell: bare when it is safe, else in single quotes.
    static func quoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0)) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Reads the fingerprints a `.relops.yml` pointer names: `path#Section:Key` in a JSON settings file.
public enum FingerprintPointer {
    /// The strings at `Section:Key` (a list or one string) in the JSON file at `path` under `root`.
    public static func read(_ pointer: String, root: String) throws(Failure) -> [String] {
        let parts = pointer.split(separator: "#", maxSplits: 1)
        guard parts.count == 2 else {
            throw Failure(.badInput, "app.android.fingerprints \"\(pointer)\": expected path#Section:Key")
        }
        let path = root + "/" + parts[0]
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(.badInput, "\(parts[0]): cannot read (named by app.android.fingerprints)")
        }
        let json: JSONValue
        do {
            json = try JSONReader.parse(Array(data))
        } catch {
            throw Failure(
                .badInput, "\(parts[0]):\(error.line):\(error.column): \(error.message) (give --fingerprint instead)")
        }
        var value: JSONValue? = json
        for key in parts[1].split(separator: ":") { value = value?[String(key)] }
        if let one = value?.stringValue { return [one] }
        guard let list = value?.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
            throw Failure(.badInput, "\(parts[0]): \(parts[1]) is not a string or a list of strings")
        }
        return list.compactMap(\.stringValue)
    }
}
