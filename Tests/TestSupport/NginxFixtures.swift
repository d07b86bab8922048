import Foundation

extension TestNginx {
    /// The good apple-app-site-association: iOS 13+ form, an exclusion before the matches.
    public static let modernAASA = """
        {"applinks": {"details": [{"appIDs": ["\(appID)"], "components": [
          {"/": "/sessions/private*", "exclude": true, "comment": "private sessions stay on the web"},
          {"/": "/sessions/*"},
          {"/": "/speakers/*", "?": {"tab": "?*"}},
          {"/": "/speakers/*"}
        ]}]}, "webcredentials": {"apps": ["\(appID)"]}}
        """

    /// The legacy form: appID + paths with a `NOT ` exclusion.
    public static let legacyAASA = """
        {"applinks": {"apps": [], "details": [{"appID": "\(appID)", "paths": ["NOT /sessions/private*", "/sessions/*", "/speakers/*"]}]}}
        """

    static func statement(package: String = package, fingerprints: [String] = [fingerprint]) -> String {
        """
        {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", \
        "package_name": "\(package)", "sha256_cert_fingerprints": [\(fingerprints.map { "\"\($0)\"" }.joined(separator: ", "))]}}
        """
    }

    /// Writes every case's files under `sites/<name>.relops.test/`.
    static func writeFixtures(_ prefix: TemporaryFolder, port: Int) {
        func site(_ name: String, _ file: String, _ text: String) {
            prefix.write("sites/\(name).relops.test/\(file)", text)
        }
        let good = "[\(statement())]"
        for name in ["good", "wrongtype", "second"] {
            site(name, ".well-known/assetlinks.json", good)
            site(name, ".well-known/apple-app-site-association", modernAASA)
        }
        site("legacy", ".well-known/assetlinks.json", good)
        site("legacy", ".well-known/apple-app-site-association", legacyAASA)
        site("html", ".well-known/assetlinks.json", "<!doctype html><html><body>Welcome</body></html>\n")
        site("html", ".well-known/apple-app-site-association", "<!doctype html><html><body>Welcome</body></html>\n")
        site("malformed", ".well-known/assetlinks.json", "[\(statement()),]\n")
        site("malformed", ".well-known/apple-app-site-association", "{\"applinks\": {\"details\": [}\n")
        // Bodies over the caps (512 KB Android, 128 KB Apple), still valid JSON.
        // Incompressible text, served gzipped and so without a Content-Length.
        var random = SystemRandomNumberGenerator()
        let noise = (0..<(600 * 1024 / 8)).map { _ in random.next() as UInt64 }
        site("stream", "noise.txt", noise.withUnsafeBytes { Data($0) }.base64EncodedString())
        let padding = String(repeating: " ", count: 600 * 1024)
        site("oversize", ".well-known/assetlinks.json", "[\(statement())\(padding)]")
        site("oversize", ".well-known/apple-app-site-association", "{\"applinks\": {\"details\": []}\(padding)}")
        site(
            "wrongfp", ".well-known/assetlinks.json",
            "[\(statement(fingerprints: ["AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"]))]"
        )
        site("lowerfp", ".well-known/assetlinks.json", "[\(statement(fingerprints: [fingerprint.lowercased()]))]")
        site("nofp", ".well-known/assetlinks.json", "[\(statement(fingerprints: []))]")
        site("wrongpkg", ".well-known/assetlinks.json", "[\(statement(package: "com.example.other"))]")
        // Unknown fields and a duplicate: warnings, not failures.
        site(
            "badstatements", ".well-known/assetlinks.json",
            """
            [\(statement()), \(statement()), {"relation": ["delegate_permission/common.handle_all_urls"], "target": \
            {"namespace": "android_app", "package_name": "\(package)", "sha256_cert_fingerprints": ["\(fingerprint)"]}, "note": "x"}]
            """)
        // An include chain: assetlinks.json -> part1.json -> part2.json (which holds the grant).
        let include = "https://include.relops.test:\(port)/.well-known"
        site("include", ".well-known/assetlinks.json", "[{\"include\": \"\(include)/part1.json\"}]")
        site("include", ".well-known/part1.json", "[{\"include\": \"\(include)/part2.json\"}]")
        site("include", ".well-known/part2.json", good)
        // A loop: assetlinks.json -> loop-b.json -> assetlinks.json.
        let loop = "https://loop.relops.test:\(port)/.well-known"
        site("loop", ".well-known/assetlinks.json", "[{\"include\": \"\(loop)/loop-b.json\"}]")
        site("loop", ".well-known/loop-b.json", "[{\"include\": \"\(loop)/assetlinks.json\"}]")
        // Includes nested past the depth limit: assetlinks.json -> d1.json -> ... -> d9.json.
        let deep = "https://deep.relops.test:\(port)/.well-known"
        site("deep", ".well-known/assetlinks.json", "[{\"include\": \"\(deep)/d1.json\"}]")
        for i in 1..<9 { site("deep", ".well-known/d\(i).json", "[{\"include\": \"\(deep)/d\(i + 1).json\"}]") }
        site("deep", ".well-known/d9.json", good)

        // Google's Digital Asset Links API, three answers under three base paths.
        let list = """
            {"statements": [{"source": {"web": {"site": "https://good.relops.test."}}, \
            "relation": "delegate_permission/common.handle_all_urls", "target": {"androidApp": \
            {"packageName": "\(package)", "certificate": {"sha256Fingerprint": "\(fingerprint)"}}}}], "maxAge": "3599.25s", \
            "debugString": "********************* ERRORS *********************\\nNone!"}
            """
        site(
            "dal", "linked/v1/assetlinks:check",
            "{\"linked\": true, \"maxAge\": \"3599.25s\", \"debugString\": \"None!\"}")
        site("dal", "linked/v1/statements:list", list)
        site(
            "dal", "errors/v1/assetlinks:check",
            "{\"linked\": true, \"maxAge\": \"59s\", \"errorCode\": [\"ERROR_CODE_FETCH_ERROR\"], \"debugString\": \"fetch error\"}"
        )
        site("dal", "errors/v1/statements:list", list)
        site(
            "dal", "notlinked/v1/assetlinks:check",
            "{\"maxAge\": \"59s\", \"errorCode\": [\"ERROR_CODE_MALFORMED_CONTENT\", \"ERROR_CODE_FETCH_ERROR\"], \"debugString\": \"x\"}"
        )
        site(
            "dal", "notlinked/v1/statements:list",
            "{\"maxAge\": \"59s\", \"errorCode\": [\"ERROR_CODE_MALFORMED_CONTENT\"]}")

        // Apple's CDN: a fresh copy of good's file (keys reordered: still the same JSON) and a stale one.
        let reordered = """
            {"webcredentials": {"apps": ["\(appID)"]}, "applinks": {"details": [{"components": [
              {"exclude": true, "/": "/sessions/private*", "comment": "private sessions stay on the web"},
              {"/": "/sessions/*"}, {"?": {"tab": "?*"}, "/": "/speakers/*"}, {"/": "/speakers/*"}
            ], "appIDs": ["\(appID)"]}]}}
            """
        site("cdn", "fresh/a/v1/good.relops.test", reordered)
        site("cdn", "stale/a/v1/good.relops.test", legacyAASA)
    }
}
