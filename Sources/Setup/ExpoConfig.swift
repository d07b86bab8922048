import Foundation
import RelopsCore
import Verify

/// Expo's static configuration (`app.json`, `app.config.json`): the `expo` object, or the root
/// when there is none.
extension BuildFileClaims {
    mutating func readExpo(_ path: String) {
        let text: String
        do {
            text = try readText(path)
        } catch {
            // A config relops could not read is said, never taken for one that claims nothing.
            notes.append("\(error.description); its Expo configuration is not read")
            return
        }
        let data = Data(text.utf8)
        guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            notes.append("\(path): not a JSON object; its Expo configuration is not read")
            return
        }
        let expo = top["expo"] as? [String: Any] ?? top
        let ios = expo["ios"] as? [String: Any]
        let android = expo["android"] as? [String: Any]
        guard
            ios?["associatedDomains"] != nil || android?["intentFilters"] != nil || ios?["bundleIdentifier"] != nil
                || android?["package"] != nil
        else { return }
        func at(_ value: String, key: String? = nil) -> String { "\(path):\(Self.line(of: value, key: key, in: text))" }
        var iosClaims: [RepositoryClaims.Claim] = []
        for entry in ios?["associatedDomains"] as? [String] ?? [] {
            for (prefix, kind) in [
                ("applinks:", RepositoryClaims.Claim.Kind.appLinks), ("webcredentials:", .webCredentials),
            ]
            where entry.hasPrefix(prefix) {
                let host = String(entry.dropFirst(prefix.count).prefix { $0 != "?" })
                iosClaims.append(RepositoryClaims.Claim(host: host, kind: kind, location: at(entry)))
            }
        }
        var androidClaims: [RepositoryClaims.Claim] = []
        for filter in android?["intentFilters"] as? [[String: Any]] ?? [] {
            let data = (filter["data"] as? [[String: Any]]) ?? (filter["data"] as? [String: Any]).map { [$0] } ?? []
            let web = data.filter { ["http", "https"].contains(($0["scheme"] as? String)?.lowercased() ?? "") }
            for host in web.compactMap({ $0["host"] as? String }) {
                if filter["autoVerify"] as? Bool == true {
                    androidClaims.append(
                        RepositoryClaims.Claim(host: host, kind: .android, location: at(host, key: "host")))
                } else {
                    notes.append(
                        "\(at(host)): intentFilters entry for \(host) has no \"autoVerify\": true: Android will not verify it"
                    )
                }
            }
        }
        expoClaims += androidClaims + iosClaims
        if let package = android?["package"] as? String {
            let origin = "android.package, \(at(package, key: "package"))"
            expoApps += androidClaims.map { ClaimingApp(claim: $0, ids: [package], origin: origin) }
            if androidClaims.isEmpty {
                expoApps.append(
                    ClaimingApp(
                        claim: RepositoryClaims.Claim(host: "", kind: .android, location: at(package, key: "package")),
                        ids: [package],
                        origin: origin))
            }
        }
        if let bundle = ios?["bundleIdentifier"] as? String {
            let team = (ios?["appleTeamId"] as? String) ?? (expo["extra"] as? [String: Any])?["appleTeamId"] as? String
            let origin = "ios.bundleIdentifier, \(at(bundle, key: "bundleIdentifier"))"
            for claim in iosClaims where claim.kind == .appLinks {
                expoApps.append(
                    team.map { ClaimingApp(claim: claim, ids: [$0 + "." + bundle], origin: origin) }
                        ?? ClaimingApp(claim: claim, ids: [bundle], teamKnown: false, origin: origin + "; no team id"))
            }
        }
    }
}
