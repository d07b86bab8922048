import Curl
import Foundation
import RelopsCore

/// `relops verify --host H --tls-only`: DNS and TLS of a host before anything is served on it.
extension Verifier {
    /// A certificate that expires sooner than this warns.
    public static let expiryWarning: TimeInterval = 14 * 24 * 3600

    /// Resolves the host, completes a verified TLS handshake, and reports the certificate's names
    /// and expiry. Nothing is requested over the connection. Throws only for bad inputs.
    public static func tlsOnly(_ options: VerifyOptions, now: Date = Date()) throws(Failure) -> VerifyReport {
        let url = "https://\(options.host)/"
        guard !options.local else {
            // Nothing checked: that fails the command unless --allow-unchecked (a runbook step skips).
            var report = VerifyReport(checks: [
                Check(
                    "tls", .skip, url: url, "--local: nothing fetched; DNS and the TLS handshake are checked only live")
            ])
            report.unchecked = VerifyDemands.unmet(options, report)
            report.allowUnchecked = options.allowUnchecked
            return report
        }
        let options = try options.normalized()
        try Fetcher.requireLibcurl()
        var request = HTTPRequest(
            url: url, resolve: options.resolve, caFile: options.caFile, connectTimeout: options.connectTimeout,
            totalTimeout: options.totalTimeout, userAgent: options.userAgent)
        request.connectTo = options.connectTo
        var list = CheckList(url: url)
        switch EasyHandle.tlsHandshake(request) {
        case .failure(let error):
            let name = error.kind == .couldNotResolve ? "tls.resolve" : "tls.handshake"
            list.checks.append(
                Check(
                    name, .fail, url: url, describe(error),
                    unreachable: [.couldNotResolve, .couldNotConnect, .timedOut].contains(error.kind)))
        case .success(let peer):
            list.pass("tls.resolve", "\(options.host.name) reached at \(peer.address)")
            list.pass(
                "tls.handshake",
                "verified TLS handshake: the certificate for \(peer.names.isEmpty ? peer.subject : peer.names.joined(separator: ", ")) "
                    + "is trusted\(options.caFile.map { " by \($0)" } ?? "") and names the host; issuer: \(peer.issuer)"
            )
            expiry(peer.expires, now: now, into: &list)
        }
        return VerifyReport(checks: list.checks)
    }

    static func expiry(_ text: String, now: Date, into list: inout CheckList) {
        guard let date = certificateDate(text) else {
            list.warn("tls.expiry", "could not read the certificate's expiry \"\(text)\"")
            return
        }
        let left = date.timeIntervalSince(now)
        let days = Int(left / 86400)
        let when = "expires \(iso8601(date)) (in \(days) day\(days == 1 ? "" : "s"))"
        if left <= 0 {
            list.fail("tls.expiry", "the certificate expired \(iso8601(date))")
        } else if left < expiryWarning {
            list.warn("tls.expiry", "the certificate \(when): renew it before the cutover")
        } else {
            list.pass("tls.expiry", "the certificate \(when)")
        }
    }

    /// OpenSSL's `Dec  3 19:55:29 2026 GMT`.
    static func certificateDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 5, parts[4] == "GMT" else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let time = parts[2].split(separator: ":").compactMap { Int($0) }
        guard let month = months.firstIndex(of: String(parts[0])), let day = Int(parts[1]), let year = Int(parts[3]),
            time.count == 3
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(
            from: DateComponents(
                year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2]))
    }

    /// `2026-12-03T19:55:29Z`.
    public static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
