/// Which `include`d assetlinks.json files to fetch next, level by level: HTTPS only, no loops, at
/// most `Verifier.maxIncludeDepth` levels deep and `Verifier.maxIncludedFiles` files in all, each
/// URL once. What it refuses is an `assetlinks.include` failure in the including file's list.
struct IncludeWalk {
    /// Every URL queued so far, the host's own file first.
    private var fetched: Set<String>
    /// The files of the next level, each with the chain of URLs that led to it.
    private var next: [(url: String, chain: [String])] = []
    /// True once the count bound was reported.
    private var capped = false

    init(root: String) { fetched = [root] }

    /// Queues `include`, named by statement `statement` of the last file of `chain`, or says why not.
    mutating func follow(_ include: String, statement: Int, chain: [String], into list: inout CheckList) {
        if !include.lowercased().hasPrefix("https://") {
            list.fail("assetlinks.include", "statement [\(statement)] includes \(include): only https is followed")
        } else if chain.contains(include) {
            list.fail("assetlinks.include", "include loop: " + (chain + [include]).joined(separator: " -> "))
        } else if chain.count > Verifier.maxIncludeDepth {
            list.fail(
                "assetlinks.include", "includes nest deeper than \(Verifier.maxIncludeDepth) levels at \(include)")
        } else if !fetched.contains(include) && fetched.count > Verifier.maxIncludedFiles {
            // Bounded in count as in depth: one line, not one per statement.
            if !capped {
                list.fail(
                    "assetlinks.include",
                    "more than \(Verifier.maxIncludedFiles) files included; \(include) and the rest are not fetched")
            }
            capped = true
        } else if fetched.insert(include).inserted {
            next.append((include, chain + [include]))
        }
    }

    /// The files queued for the next level; the queue is then empty.
    mutating func takeNext() -> [(url: String, chain: [String])] {
        defer { next = [] }
        return next
    }
}
