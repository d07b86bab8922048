import Anchors
import Foundation
import RelopsCore

/// The text report of `relops anchors audit`: the answer first (counts, repositories to map,
/// what a re-pin fixes), then the anchors that need a person, then those a re-pin fixes, then
/// (with `--verbose`) the ok ones.
extension AnchorsCommand {
    static func renderText(_ result: AnchorAuditResult, console: Console, verbose: Bool) {
        for line in summary(result) { console.out(line) }
        let checked = result.drifts.filter { $0.unmappedRepository == nil }
        let person = checked.filter { !$0.status.isAcceptable && !isRepinnable($0) }
        let repinnable = checked.filter(isRepinnable)
        if !person.isEmpty {
            console.out("")
            console.out(console.styled("\(anchors(person.count)) need\(person.count == 1 ? "s" : "") a person:", .bold))
            renderGrouped(person, result: result, console: console)
        }
        if !repinnable.isEmpty {
            console.out("")
            console.out(console.styled("\(anchors(repinnable.count)) a re-pin fixes:", .bold))
            renderGrouped(repinnable, result: result, console: console)
        }
        let fine = checked.filter(\.status.isAcceptable)
        if verbose && !fine.isEmpty {
            console.out("")
            console.out(console.styled("\(anchors(fine.count)) ok or historical:", .bold))
            renderGrouped(fine, result: result, console: console)
        }
    }

    /// The anchors `anchors repin` rewrites without a person: moved (within their file, or with
    /// their path written) and renamed.
    static func isRepinnable(_ drift: AnchorDrift) -> Bool {
        switch drift.status {
        case .renamed: return true
        case .moved: return drift.newPath == drift.path || drift.anchor.pathWritten
        default: return false
        }
    }

    /// Each anchor's `line:column` in the document, padded to the widest of `drifts`, so what
    /// follows it lines up.
    static func places(_ drifts: [AnchorDrift]) -> (AnchorDrift) -> String {
        let place = { (drift: AnchorDrift) in "\(drift.anchor.line):\(drift.anchor.column)" }
        let width = drifts.map { place($0).count }.max() ?? 0
        return { place($0).padding(toLength: width, withPad: " ", startingAt: 0) }
    }

    /// The anchors under their documents, one line each.
    static func renderGrouped(_ drifts: [AnchorDrift], result: AnchorAuditResult, console: Console) {
        let place = places(drifts)
        var current: String?
        for drift in drifts {
            if drift.doc != current {
                current = drift.doc
                console.out(console.styled(drift.doc, .bold))
            }
            let status = drift.status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            let style: Console.Style =
                drift.status.isAcceptable ? .bold : drift.status == .moved || drift.status == .renamed ? .yellow : .red
            console.out(
                "  \(place(drift))  \(console.styled(status, style)) "
                    + "\(drift.anchor.text)  \(drift.explanation)")
        }
    }

    /// The answer: the counts, the repositories to map (one line each, with the advice once),
    /// and how many anchors a re-pin fixes.
    static func summary(_ result: AnchorAuditResult) -> [String] {
        let total = result.drifts.count
        let parts = result.counts.filter { $0.1 > 0 }.map { "\(grouped($0.1)) \($0.0.rawValue)" }
        var lines = [anchors(total) + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))]
        let unmapped = result.unmappedRepositories
        if !unmapped.isEmpty {
            let count = unmapped.reduce(0) { $0 + $1.count }
            let names = unmapped.map(\.name)
            lines.append(
                "\(grouped(count)) of \(anchors(total)) cite \(names.count == 1 ? "a repository" : "repositories") "
                    + "that \(names.count == 1 ? "is" : "are") not mapped; "
                    + unmappedAdvice(names, codeIsDocuments: result.codeName.isEmpty) + ":")
            let width = names.map(\.count).max() ?? 0
            for repo in unmapped {
                lines.append(
                    "  " + repo.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + anchors(repo.count))
            }
        }
        let repinnable = result.drifts.filter { $0.unmappedRepository == nil && isRepinnable($0) }.count
        if repinnable > 0 {
            lines.append("\(anchors(repinnable)) moved or renamed: `relops anchors repin` re-pins them")
        }
        return lines
    }

    /// What to do about repositories nobody mapped. With no code checkout given, `NAME/` is as
    /// likely a folder of code kept in another checkout as a repository of its own: relops cannot
    /// tell, so it says both.
    static func unmappedAdvice(_ names: [String], codeIsDocuments: Bool) -> String {
        let one = names.count == 1
        let map = "map \(one ? "it" : "them") with --repo \(one ? names[0] : "NAME")=PATH or anchors.repos"
        guard codeIsDocuments else { return map }
        return "no such folder in the documents' repository and no code checkout was given: if the code is "
            + "elsewhere, pass --code PATH or set anchors.code; if \(one ? names[0] + " is a repository" : "they are repositories") "
            + "of \(one ? "its" : "their") own, \(map)"
    }

    /// `1 anchor`, `3,564 anchors`.
    static func anchors(_ n: Int) -> String { "\(grouped(n)) anchor\(n == 1 ? "" : "s")" }

    /// `3564` as `3,564`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
