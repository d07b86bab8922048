/// The API levels on which Android verifies a v1 (JAR) PKCS#7 SignerInfo, by its digest and
/// signature algorithm: apksigner's table (`OidConstants.SUPPORTED_SIG_ALG_OIDS`), from Android's
/// own history (ECDSA from 4.3, SHA-384/512 with RSA from 4.3, the `...WithRSA` OIDs from 5.0).
enum JarSignatureAlgorithms {
    static let digests: [String: String] = [
        "1.2.840.113549.2.5": "md5", "1.3.14.3.2.26": "sha1", "2.16.840.1.101.3.4.2.4": "sha224",
        "2.16.840.1.101.3.4.2.1": "sha256", "2.16.840.1.101.3.4.2.2": "sha384", "2.16.840.1.101.3.4.2.3": "sha512",
    ]

    static let signatures: [String: String] = [
        "1.2.840.113549.1.1.1": "rsa", "1.2.840.113549.1.1.4": "md5WithRSA", "1.2.840.113549.1.1.5": "sha1WithRSA",
        "1.2.840.113549.1.1.14": "sha224WithRSA", "1.2.840.113549.1.1.11": "sha256WithRSA",
        "1.2.840.113549.1.1.12": "sha384WithRSA", "1.2.840.113549.1.1.13": "sha512WithRSA",
        "1.2.840.10040.4.1": "dsa", "1.2.840.10040.4.3": "sha1WithDSA", "2.16.840.1.101.3.4.3.1": "sha224WithDSA",
        "2.16.840.1.101.3.4.3.2": "sha256WithDSA", "2.16.840.1.101.3.4.3.3": "sha384WithDSA",
        "2.16.840.1.101.3.4.3.4": "sha512WithDSA", "1.2.840.10045.2.1": "ec", "1.2.840.10045.4.1": "sha1WithECDSA",
        "1.2.840.10045.4.3.1": "sha224WithECDSA", "1.2.840.10045.4.3.2": "sha256WithECDSA",
        "1.2.840.10045.4.3.3": "sha384WithECDSA", "1.2.840.10045.4.3.4": "sha512WithECDSA",
    ]

    /// `digest signature levels...`, a level `a-b`, `a-` (and up) or `a`.
    static let table = """
        md5 rsa 0-
        md5 md5WithRSA 0-8 21-
        md5 sha1WithRSA 21-23
        md5 sha224WithRSA 21-23
        md5 sha256WithRSA 21-23
        md5 sha384WithRSA 21-23
        md5 sha512WithRSA 21-23
        sha1 rsa 0-
        sha1 md5WithRSA 21-23
        sha1 sha1WithRSA 0-
        sha1 sha224WithRSA 21-23
        sha1 sha256WithRSA 21-23
        sha1 sha384WithRSA 21-23
        sha1 sha512WithRSA 21-23
        sha224 rsa 0-8 21-
        sha224 md5WithRSA 21-23
        sha224 sha1WithRSA 21-23
        sha224 sha224WithRSA 0-8 21-
        sha224 sha256WithRSA 21
        sha224 sha384WithRSA 21-23
        sha224 sha512WithRSA 21-23
        sha256 rsa 0-8 18-
        sha256 md5WithRSA 21-23
        sha256 sha1WithRSA 21
        sha256 sha224WithRSA 21-23
        sha256 sha256WithRSA 0-8 18-
        sha256 sha384WithRSA 21-23
        sha256 sha512WithRSA 21-23
        sha384 rsa 18-
        sha384 md5WithRSA 21-23
        sha384 sha1WithRSA 21-23
        sha384 sha224WithRSA 21-23
        sha384 sha256WithRSA 21-23
        sha384 sha384WithRSA 21-
        sha384 sha512WithRSA 21-23
        sha512 rsa 18-
        sha512 md5WithRSA 21-23
        sha512 sha1WithRSA 21-23
        sha512 sha224WithRSA 21-23
        sha512 sha256WithRSA 21-23
        sha512 sha384WithRSA 21
        sha512 sha512WithRSA 21-
        md5 sha1WithDSA 21-23
        md5 sha224WithDSA 21-23
        md5 sha256WithDSA 21-23
        sha1 dsa 0-
        sha1 sha1WithDSA 9-
        sha1 sha224WithDSA 21-23
        sha1 sha256WithDSA 21-23
        sha224 dsa 22-
        sha224 sha1WithDSA 21-23
        sha224 sha224WithDSA 21-
        sha224 sha256WithDSA 21-23
        sha256 dsa 22-
        sha256 sha1WithDSA 21-23
        sha256 sha224WithDSA 21-23
        sha256 sha256WithDSA 21-
        sha384 sha1WithDSA 21-23
        sha384 sha224WithDSA 21-23
        sha384 sha256WithDSA 21-23
        sha512 sha1WithDSA 21-23
        sha512 sha224WithDSA 21-23
        sha512 sha256WithDSA 21-23
        sha1 ec 18-
        sha224 ec 21-
        sha256 ec 18-
        sha384 ec 18-
        sha512 ec 18-
        md5 sha1WithECDSA 21-23
        md5 sha224WithECDSA 21-23
        md5 sha256WithECDSA 21-23
        md5 sha384WithECDSA 21-23
        md5 sha512WithECDSA 21-23
        sha1 sha1WithECDSA 18-
        sha1 sha224WithECDSA 21-23
        sha1 sha256WithECDSA 21-23
        sha1 sha384WithECDSA 21-23
        sha1 sha512WithECDSA 21-23
        sha224 sha1WithECDSA 21-23
        sha224 sha224WithECDSA 21-
        sha224 sha256WithECDSA 21-23
        sha224 sha384WithECDSA 21-23
        sha224 sha512WithECDSA 21-23
        sha256 sha1WithECDSA 21-23
        sha256 sha224WithECDSA 21-23
        sha256 sha256WithECDSA 21-
        sha256 sha384WithECDSA 21-23
        sha256 sha512WithECDSA 21-23
        sha384 sha1WithECDSA 21-23
        sha384 sha224WithECDSA 21-23
        sha384 sha256WithECDSA 21-23
        sha384 sha384WithECDSA 21-
        sha384 sha512WithECDSA 21-23
        sha512 sha1WithECDSA 21-23
        sha512 sha224WithECDSA 21-23
        sha512 sha256WithECDSA 21-23
        sha512 sha384WithECDSA 21-23
        sha512 sha512WithECDSA 21-
        """

    static let levels: [String: [ClosedRange<Int>]] = {
        var out: [String: [ClosedRange<Int>]] = [:]
        for line in table.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count >= 3 else { continue }
            out["\(parts[0]) \(parts[1])"] = parts.dropFirst(2).compactMap { range in
                let ends = range.split(separator: "-", omittingEmptySubsequences: false)
                guard let low = Int(ends[0]) else { return nil }
                if ends.count == 1 { return low...low }
                return low...(Int(ends[1]) ?? Int(Int32.max))
            }
        }
        return out
    }()

    /// The API levels of `sdk` on which Android does not verify this pair, as `18-20, 24+`;
    /// nil when it verifies on all of them.
    static func unsupported(digest: String, signature: String, sdk: ClosedRange<Int>) -> String? {
        let name = "\(digests[digest] ?? digest) \(signatures[signature] ?? signature)"
        let supported = levels[name] ?? []
        var gaps: [ClosedRange<Int>] = []
        var next = sdk.lowerBound
        for range in supported.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.upperBound >= next {
            if range.lowerBound > next { gaps.append(next...min(range.lowerBound - 1, sdk.upperBound)) }
            if range.upperBound >= sdk.upperBound { return gaps.isEmpty ? nil : text(gaps) }
            next = max(next, range.upperBound + 1)
        }
        gaps.append(next...sdk.upperBound)
        return text(gaps.filter { $0.lowerBound <= sdk.upperBound })
    }

    static func text(_ gaps: [ClosedRange<Int>]) -> String {
        gaps.map { gap in
            gap.upperBound >= Int(Int32.max)
                ? "\(gap.lowerBound)+" : gap.count == 1 ? "\(gap.lowerBound)" : "\(gap.lowerBound)-\(gap.upperBound)"
        }.joined(separator: ", ")
    }

    /// `SHA-256 with ECDSA`-style name of the pair, for messages.
    static func name(digest: String, signature: String) -> String {
        "\(digests[digest] ?? digest) / \(signatures[signature] ?? signature)"
    }
}
