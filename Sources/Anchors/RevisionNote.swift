import RelopsCore

/// The `## Revision (DATE)` section a re-pin appends, rendered from `Templates/adr-revision.md`
/// (`{{date}}` and `{{items}}`). Its own sentences are history: positions are written as
/// "`:169` became `:181` when this entry was written", and what is left for a person as "which was
/// `X.cs:3`", forms the next audit reads as former positions and never checks or re-pins.
public struct RevisionNote: Sendable {
    /// `YYYY-MM-DD`.
    public let date: String
    public let template: String
    /// What names the template in messages.
    public let templatePath: String

    public init(
        date: String, template: String = RevisionNote.defaultTemplate, path: String = "Templates/adr-revision.md"
    ) {
        self.date = date
        self.template = template
        templatePath = path
    }

    /// The template shipped with relops; `Templates/adr-revision.md` holds the same text.
    public static let defaultTemplate = """
        ## Revision ({{date}})

        Anchor pass from an automated audit. No decision and no behavior changed.

        {{items}}

        """

    /// The note's text (with `\n` line ends). `against` names the targets (`Shared@0b19b56`); a
    /// template naming anything but `{{date}}` and `{{items}}` is an error naming its line.
    public func render(
        rewritten: [AnchorDrift], needsPerson: [AnchorDrift], label: (String, String) -> String,
        against: [String] = []
    ) throws(Failure) -> String {
        var text = items(rewritten: rewritten, needsPerson: needsPerson, label: label).enumerated().map {
            "\($0.offset + 1). \($0.element)"
        }.joined(separator: "\n")
        if !against.isEmpty {
            text = "Checked against " + against.map { "`\($0)`" }.joined(separator: ", ") + ".\n\n" + text
        }
        return try Template(template, path: templatePath).render(texts: ["date": date, "items": text])
    }

    /// The note's items, unnumbered: one per file the re-pinned anchors now point into, then
    /// what is left for a person.
    func items(rewritten: [AnchorDrift], needsPerson: [AnchorDrift], label: (String, String) -> String) -> [String] {
        var items: [String] = []
        // Group the re-pinned anchors by the file they now point into, in document order.
        var order: [String] = []
        var groups: [String: [AnchorDrift]] = [:]
        for drift in rewritten {
            let key = drift.repo + "\u{0}" + (drift.newPath ?? drift.path ?? "")
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(drift)
        }
        for key in order {
            items.append(item(for: groups[key] ?? [], label: label))
        }
        return items + leftForAPerson(needsPerson)
    }

    /// The anchors left for a person, one item per cause: repositories not mapped in one line,
    /// then each status with its anchors.
    private func leftForAPerson(_ drifts: [AnchorDrift]) -> [String] {
        var items: [String] = []
        let unmapped = drifts.filter { $0.unmappedRepository != nil }
        if !unmapped.isEmpty {
            var names: [String] = []
            for drift in unmapped where !names.contains(drift.unmappedRepository ?? "") {
                names.append(drift.unmappedRepository ?? "")
            }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            items.append(
                "\(unmapped.count) citation\(unmapped.count == 1 ? "" : "s") into \(list) "
                    + "\(unmapped.count == 1 ? "was" : "were") not checked (not mapped).")
        }
        var causes: [String] = []
        var byCause: [String: [String]] = [:]
        for drift in drifts where drift.unmappedRepository == nil {
            let cause = drift.status == .unresolved && !drift.candidates.isEmpty ? "ambiguous" : drift.status.rawValue
            if byCause[cause] == nil { causes.append(cause) }
            var reasons = drift.note.map { [$0] } ?? []
            if let last = drift.commits.last {
                reasons.append("last touched by commit \(last.short)" + (last.pr.map { " (PR #\($0))" } ?? ""))
            }
            let why = reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")"
            byCause[cause, default: []].append("line \(drift.anchor.line), which was `\(drift.anchor.text)`\(why)")
        }
        for cause in causes {
            items.append("Left for a person, \(cause): " + (byCause[cause] ?? []).joined(separator: "; ") + ".")
        }
        return items
    }

    private func item(for drifts: [AnchorDrift], label: (String, String) -> String) -> String {
        guard let first = drifts.first else { return "" }
        let file = label(first.repo, first.newPath ?? first.path ?? "")
        var commits: [AnchorCommit] = []
        for drift in drifts {
            for commit in drift.commits where !commits.contains(where: { $0.id == commit.id }) {
                commits.append(commit)
            }
        }
        let named = commits.map { c in "\(c.short)" + (c.pr.map { " (PR #\($0))" } ?? "") }
        let who: String
        switch named.count {
        case 0: who = "a commit outside the first-parent history"
        case 1: who = "commit " + named[0]
        default: who = "commits " + named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
        }
        let shifts = Set(drifts.map { ($0.newStart ?? 0) - $0.anchor.start })
        let renamedFrom = drifts.first(where: { $0.status == .renamed }).flatMap { $0.path }
        var what: String
        if let renamedFrom {
            what = "renamed `\(label(first.repo, renamedFrom))` to `\(file)`"
        } else if drifts.allSatisfy({ $0.status == .moved }), shifts.count == 1, let shift = shifts.first, shift != 0 {
            what =
                "shifted the cited lines \(numberWords(abs(shift))) line\(abs(shift) == 1 ? "" : "s") \(shift > 0 ? "down" : "up")"
        } else if drifts.contains(where: { $0.status == .changed }) {
            what = "edited the cited code"
        } else if let from = drifts.first(where: { $0.status == .moved && $0.newPath != $0.path })?.path {
            what = "moved the cited lines from `\(label(first.repo, from))`"
        } else {
            what = "moved the cited lines"
        }
        let positions = drifts.enumerated().map { i, drift -> String in
            let old =
                drift.anchor.start == drift.anchor.end && drift.anchor.endBytes == nil
                ? ":\(drift.anchor.start)" : ":\(drift.anchor.start)-\(drift.anchor.end)"
            let newStart = drift.newStart ?? 0, newEnd = drift.newEnd ?? newStart
            let new = newStart == newEnd && drift.anchor.endBytes == nil ? ":\(newStart)" : ":\(newStart)-\(newEnd)"
            var text = "`\(old)` became `\(new)`"
            if drift.status == .changed, let confidence = drift.confidence {
                text += " (by content, confidence \(String(format: "%.2f", confidence)))"
            }
            return text
        }
        return "`\(file)`: \(who) \(what); \(positions.joined(separator: ", ")) when this entry was written."
    }

    /// Appends the note at the end of `bytes` and, when the Status paragraph lists revisions
    /// ("Revised 2026-08-07 (...)."), adds this one after the last of them. When the document
    /// already has a `Revision (DATE)` section of this date, amends it instead (`amend`).
    func append(
        to bytes: [UInt8], lineEnding: String, rewritten: [AnchorDrift], needsPerson: [AnchorDrift],
        label: (String, String) -> String, against: [String] = []
    ) throws(Failure) -> [UInt8] {
        if let section = revisionSection(in: bytes) {
            return amend(
                bytes, section: section, lineEnding: lineEnding,
                items: items(rewritten: rewritten, needsPerson: needsPerson, label: label), rewritten: rewritten.count)
        }
        var out = bytes
        if let insertAt = statusInsertionPoint(bytes) {
            let target = against.isEmpty ? "" : " against " + against.map { "`\($0)`" }.joined(separator: ", ")
            let mention =
                " Revised \(date) (\(rewritten.count) anchor\(rewritten.count == 1 ? "" : "s") re-pinned\(target) by an automated audit; see Revision below)."
            out.insert(contentsOf: Array(mention.utf8), at: insertAt)
        }
        let text = try render(rewritten: rewritten, needsPerson: needsPerson, label: label, against: against)
        let eol = Array(lineEnding.utf8)
        if !out.isEmpty && out.last != 0x0A { out += eol }
        if !out.isEmpty { out += eol }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines { out += line + eol }
        return out
    }
}

/// Where a new "Revised DATE (...)." goes: right after the last such sentence of the document's
/// first paragraph that holds one (the Status paragraph); in a Status without revisions, right
/// after its `Accepted (YYYY-MM-DD).` (or Proposed, Superseded, Deprecated).
func statusInsertionPoint(_ bytes: [UInt8]) -> Int? {
    lastRevisedSentenceEnd(bytes) ?? statusDateSentenceEnd(bytes)
}

/// The end of the first `Accepted (YYYY-MM-DD).` in the document's first 8 KB.
func statusDateSentenceEnd(_ bytes: [UInt8]) -> Int? {
    let limit = min(bytes.count, 8192)
    for word in ["Accepted (", "Proposed (", "Superseded (", "Deprecated ("] {
        let marker = Array(word.utf8)
        var i = 0
        while i + marker.count + 12 <= limit {
            if bytes[i] == marker[0], Array(bytes[i..<(i + marker.count)]) == marker {
                let date = bytes[(i + marker.count)..<(i + marker.count + 10)]
                let close = i + marker.count + 10
                if date.enumerated().allSatisfy({ k, c in k == 4 || k == 7 ? c == 0x2D : isDigit(c) }),
                    bytes[close] == 0x29, bytes[close + 1] == 0x2E
                {
                    return close + 2
                }
            }
            i += 1
        }
    }
    return nil
}

/// The end of the last "Revised DATE (...)." of the first paragraph that holds one.
func lastRevisedSentenceEnd(_ bytes: [UInt8]) -> Int? {
    let marker = Array("Revised ".utf8)
    var i = 0, lastEnd: Int?, paragraphEnd: Int?
    while i + marker.count + 12 < bytes.count {
        if let end = paragraphEnd, i > end { break }
        guard bytes[i] == 0x52, Array(bytes[i..<(i + marker.count)]) == marker else {
            i += 1
            continue
        }
        let date = bytes[(i + marker.count)..<(i + marker.count + 10)]
        let isDate = date.enumerated().allSatisfy { k, c in k == 4 || k == 7 ? c == 0x2D : isDigit(c) }
        let open = i + marker.count + 10
        guard isDate, bytes[open] == 0x20, bytes[open + 1] == 0x28 else {
            i += 1
            continue
        }
        var depth = 0, j = open + 1
        while j < bytes.count && bytes[j] != 0x0A {
            if bytes[j] == 0x28 { depth += 1 }
            if bytes[j] == 0x29 {
                depth -= 1
                if depth == 0 { break }
            }
            j += 1
        }
        guard j < bytes.count, bytes[j] == 0x29 else { return lastEnd }
        var end = j + 1
        if end < bytes.count && bytes[end] == 0x2E { end += 1 }
        lastEnd = end
        if paragraphEnd == nil {
            // The paragraph ends at the first blank line.
            var k = end
            while k < bytes.count {
                if bytes[k] == 0x0A {
                    var m = k + 1
                    while m < bytes.count && (bytes[m] == 0x20 || bytes[m] == 0x0D || bytes[m] == 0x09) { m += 1 }
                    if m >= bytes.count || bytes[m] == 0x0A { break }
                }
                k += 1
            }
            paragraphEnd = k
        }
        i = end
    }
    return lastEnd
}

/// 1 to 20 in words, as an ADR writes them; larger numbers as digits.
func numberWords(_ n: Int) -> String {
    let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]
    return n >= 0 && n < words.count ? words[n] : String(n)
}
