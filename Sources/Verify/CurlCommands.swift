import Foundation
import RelopsCore

/// The `curl` command lines that fetch what `relops verify` fetches, for a person or a runbook
/// (`--print-curl`). relops itself never runs curl.
public enum CurlCommands {
    /// One comment line and one command per request, in the order verify makes them (first round).
    public static func lines(_ options: VerifyOptions) throws(Failure) -> [String] {
        let options = try options.normalized()
        guard !options.local else {
            throw Failure(.usage, "--print-curl means nothing with --local, which fetches nothing; drop one of them")
        }
        let expectation = options.expectation
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
