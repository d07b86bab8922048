import RelopsCore

/// How the host is written where it occurs.
public enum OccurrenceEncoding: String, Sendable {
    /// As is: `https://app.example.com/x`.
    case plain
    /// Inside a percent-encoded URL: `https%3A%2F%2Fapp.example.com`.
    case percent
    /// Inside JSON with escaped slashes: `https:\/\/app.example.com\/x`.
    case jsonEscaped = "json-escaped"
    /// The domain of an e-mail address: `support@app.example.com`. A cutover leaves it alone
    /// unless asked (`--include-email`).
    case email
    /// A Fediverse profile address: `@alice@app.example.com`, `acct:alice@app.example.com`. Not a
    /// mailbox: the host serves the profile, so a cutover rewrites it like any occurrence.
    case profile
}

/// One occurrence of a scanned host in a text file.
public struct HostOccurrence: Sendable, Equatable {
    /// The host searched for (lowercase ASCII).
    public let host: String
    /// The path relative to the repository root.
    public let path: String
    /// 1-based line.
    public let line: Int
    /// 1-based column in bytes (a UTF-8 BOM on the first line is not counted). In a UTF-16 or
    /// UTF-32 file (`TextEncoding`), in bytes of its text as UTF-8.
    public let column: Int
    /// Byte offset of the match in the file, for a rewrite; in a UTF-16 or UTF-32 file, in its
    /// text as UTF-8 after the byte order mark (`TextEncoding.decode`), where the cutover edits it.
    public let offset: Int
    /// The bytes as found (their case may differ from `host`).
    public let found: String
    public let occurrenceClass: OccurrenceClass
    /// Why it got its class, so a person can see the reason: the evidence the rule cites.
    public let rule: String
    /// The id of the rule that decided the class (`gradle.build-script`; `RuleOrder` lists them).
    public let ruleID: String
    public let encoding: OccurrenceEncoding
    /// The whole line without its line end (cut around the match when very long).
    public let text: String
    /// True when the element or header that holds it covers subdomains too: an Android network
    /// security config `<domain includeSubdomains="true">`, an HSTS header with `includeSubDomains`.
    public var coversSubdomains = false
    /// The identity provider redirect URI that holds the host (`https://host/signin-google`,
    /// a `redirect_uri`, `OAuth:UIBaseUrl`): it must be registered anew with the provider.
    public var redirectURI: String?
    /// The products that carry it (`ProductGraph`): the apps for a `binary-*` occurrence, the
    /// servers and sites for a `server` one; empty for the classes that ship nothing, and for an
    /// occurrence whose product the build files do not show.
    public var products: [Product] = []
    /// The platform whose app-link claim this is (`Android` for an intent filter's host, `iOS`
    /// for an `applinks:` or `webcredentials:` entry), else nil.
    public var claim: Platform?
}

/// A longer host name that contains a scanned host (`staging.app.example.com`): never an occurrence.
public struct RelatedHost: Sendable, Equatable {
    /// The host searched for.
    public let host: String
    /// The full host name found.
    public let found: String
    public let path: String
    public let line: Int
    public let column: Int
}

/// A binary file (a NUL in its first 8000 bytes) that holds a scanned host: it must be regenerated.
public struct BinaryFileHit: Sendable, Equatable {
    public let host: String
    public let path: String

    public init(host: String, path: String) {
        self.host = host
        self.path = path
    }
}

/// A file the scan could not read, or chose not to, with the reason. The scan goes on.
public struct ScanProblem: Sendable, Equatable {
    public let path: String
    public let message: String
    /// True when the file could not be read (I/O error): the scan's result is incomplete.
    public let isError: Bool
    /// True when the file announces an encoding (a UTF-16 or UTF-32 byte order mark) its bytes
    /// do not hold: "not scanned: encoding". It may hide occurrences, so it fails any `--expect`.
    public var isUndecodable = false
}

/// Everything one scan found.
public struct ScanResult: Sendable {
    public let hosts: [String]
    public let occurrences: [HostOccurrence]
    public let related: [RelatedHost]
    /// Names that spell a scanned host but name code or a bundle (`package com.example.app`,
    /// `BuildableName = "Example.app"`): never occurrences, never rewritten.
    public let notHost: [NotHostToken]
    public let binaryFiles: [BinaryFileHit]
    /// Files skipped with a reason (a submodule, a file deleted from the working tree) or unreadable.
    public let problems: [ScanProblem]
    /// How many files were read.
    public let filesScanned: Int
    /// Tracked symlinks that were scanned as their link text: never followed, never rewritten.
    public let symlinks: Set<String>
    /// How many files came through batches of reads (`FileRing`), for tests.
    var readsInBatches = 0

    /// Occurrences per class, every class present (zero when none).
    public var counts: [(OccurrenceClass, Int)] {
        let classes = OccurrenceClass.allCases
        var tally = [Int](repeating: 0, count: classes.count)
        for o in occurrences {
            if let k = classes.firstIndex(of: o.occurrenceClass) { tally[k] += 1 }
        }
        return zip(classes, tally).map { ($0, $1) }
    }

    /// Occurrences inside an identity provider redirect URI: they must be registered anew.
    public var redirectURIs: [HostOccurrence] { occurrences.filter { $0.redirectURI != nil } }

    /// The products that carry occurrences, each with how many, in the order first met.
    public var products: [(product: Product, count: Int)] {
        var order: [(product: Product, count: Int)] = []
        var place: [Product: Int] = [:]
        // A file's occurrences share one list of products: count a run of them at once (comparing
        // a list with itself costs nothing; hashing each product for each occurrence did), with one
        // lookup per product (the scan's last step: no other thread is working then).
        var run: [Product] = []
        var runLength = 0
        func countRun() {
            for p in run {
                if let known = place[p] {
                    order[known].count += runLength
                } else {
                    place[p] = order.count
                    order.append((p, runLength))
                }
            }
        }
        for i in occurrences.indices {  // by index: `for o in` copies each occurrence
            if occurrences[i].products == run {
                runLength += 1
                continue
            }
            countRun()
            run = occurrences[i].products
            runLength = 1
        }
        countRun()
        return order
    }

    /// True when some file could not be read, so the scan may have missed occurrences.
    public var isIncomplete: Bool { problems.contains { $0.isError } }
}
