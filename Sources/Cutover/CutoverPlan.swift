import Foundation
import Git
import RelopsCore
import Scan

/// One replacement of the old host by the new one.
public struct CutoverEdit: Sendable, Equatable {
    public let path: String
    public let line: Int
    public let column: Int
    /// Byte offset in the file.
    public let offset: Int
    /// The bytes found (the old host in the case it was written).
    public let oldText: String
    /// What replaces them.
    public let newText: String
    public let occurrenceClass: OccurrenceClass
    public let encoding: OccurrenceEncoding
    public let rule: String
    /// The products that carry the occurrence (`HostOccurrence.products`).
    public var products: [Product] = []
    /// The platform whose app-link claim the occurrence is (`HostOccurrence.claim`), else nil.
    public var claim: Platform?
}

/// A file the cutover will rewrite: its edits, in file order.
public struct CutoverFile: Sendable {
    public let path: String
    public let edits: [CutoverEdit]
    /// The most shipping class among its edits (binary before server before docs).
    public var occurrenceClass: OccurrenceClass { edits.map(\.occurrenceClass).min() ?? .other }
}

/// What a cutover rewrites beyond the old host's own occurrences.
public struct CutoverOptions: Sendable, Equatable {
    /// Also rewrite e-mail addresses (`support@old`); by default they are listed and left alone.
    public var includeEmail: Bool
    /// Also rewrite the old host's family: every `*.old` name found becomes `*.new`.
    public var subdomains: Bool
    /// Occurrences kept as they are (`--exclude`, `cutover.exclude`): listed as kept, never rewritten.
    public var exclude: [CutoverExclusion]

    public init(includeEmail: Bool = false, subdomains: Bool = false, exclude: [CutoverExclusion] = []) {
        self.includeEmail = includeEmail
        self.subdomains = subdomains
        self.exclude = exclude
    }
}

/// An element that covers subdomains (`<domain includeSubdomains="true">`, an HSTS header) which
/// the cutover rewrites while subdomains of the old host stay: they lose its rule.
public struct SubdomainWarning: Sendable, Equatable {
    /// The file that holds the element, relative to the repository root.
    public let path: String
    /// The element's 1-based line.
    public let line: Int
    /// The subdomains of the old host that remain after the cutover.
    public let remaining: [String]
}

/// An identity provider redirect URI that holds the old host, and what it becomes.
public struct RedirectURIChange: Sendable, Equatable {
    /// Where the URI is written, relative to the repository root, and its 1-based line.
    public let path: String
    public let line: Int
    /// The URI as found, with the old host.
    public let old: String
    /// The URI to register with the identity provider, with the new host.
    public let new: String
}

/// Everything a cutover would do, computed without writing anything.
public struct CutoverPlan: Sendable {
    public let from: String
    public let to: String
    /// The Unicode spelling of `to` when it was given as an internationalised name.
    public let toUnicode: String?
    public let options: CutoverOptions
    public let files: [CutoverFile]
    /// Binary files that hold the old host: they cannot be rewritten and must be regenerated.
    public let binaryFiles: [String]
    /// Occurrences that will not be written, with the reason (a symlink's target text, an e-mail address).
    public let notRewritten: [(path: String, line: Int, reason: String, kind: CutoverSummary.LeftAloneKind)]
    /// Longer host names that contain the old host: never touched (with `--subdomains`, the
    /// `*.old` names are rewritten and not listed here).
    public let related: [RelatedHost]
    /// With `--subdomains`: each `*.old` name rewritten, and its new name.
    public let familyRenames: [(old: String, new: String)]
    /// Elements covering subdomains that are rewritten while subdomains of the old host remain.
    public let subdomainWarnings: [SubdomainWarning]
    /// Identity provider redirect URIs that hold the old host.
    public let redirectURIs: [RedirectURIChange]
    /// Where the new host already occurs, so a person sees it before applying.
    public let newHostAlreadyAt: [HostOccurrence]
    /// Files the scan could not read: a cutover must not go ahead without them.
    public let unreadable: [ScanProblem]
    /// Files the scan skipped with a reason (a submodule, a file deleted in the working tree).
    public let skipped: [ScanProblem]

    /// Exclusions that keep no occurrence (a typo, or a line that moved): said, not an error.
    public var unusedExclusions: [CutoverExclusion] = []
    /// Names that spell the old host but name code or a bundle (`package com.example.app`,
    /// `BuildableName = "Example.app"`): never rewritten, listed so a person sees why.
    public var notHost: [NotHostToken] = []
    /// The apps the repository's build files build, read only when a binary edit is in no app
    /// product: the follow-up names them instead of guessing a platform from a folder's name.
    public var repositoryApps: [BuiltApp] = []

    public var edits: [CutoverEdit] { files.flatMap(\.edits) }

    /// Edits per class, every class listed.
    public var counts: [(OccurrenceClass, Int)] {
        OccurrenceClass.allCases.map { cls in (cls, edits.filter { $0.occurrenceClass == cls }.count) }
    }
}

/// Validates the hosts as `--from` (any host a scan accepts) and `--to` (a valid DNS name,
/// punycode for Unicode), then plans the cutover (`planCutover(_:from:to:options:)` with `HostName`s).
public func planCutover(
    _ project: Project, from fromText: String, to toText: String, options: CutoverOptions = CutoverOptions()
) throws(Failure) -> CutoverPlan {
    let from = try HostName(fromText, option: "--from")
    let to = try HostName.strict(toText, option: "--to")
    return try planCutover(project, from: from, to: to, options: options)
}

/// Plans the cutover from `old` to `new` from a scan of the tracked files.
public func planCutover(
    _ project: Project, from old: HostName, to new: HostName, options: CutoverOptions = CutoverOptions()
) throws(Failure) -> CutoverPlan {
    let from = old.name, to = new.name
    let toUnicode = new.written.unicodeScalars.contains(where: { !$0.isASCII }) ? new.written : nil
    guard from != to else {
        throw Failure(.usage, "--to \(new.written) is the same host as --from; nothing to cut over")
    }
    var result = try scan(project, ScanRequest(hosts: [from, to]))
    if isLongerName(to, containing: from), let clash = result.occurrences.first(where: { $0.host == to }) {
        throw Failure(
            .usage,
            "--to \(to) is a different host that already contains \(from) (\(clash.path):\(clash.line)); "
                + "a cutover onto it would be ambiguous. Pick a host that is not a longer form of the old one")
    }
    let family = Set(result.related.filter { $0.host == from && $0.found.hasSuffix("." + from) }.map(\.found))
    if options.subdomains && !family.isEmpty {
        result = try scan(project, ScanRequest(hosts: [from, to] + family.sorted()))
    }
    let renamed = options.subdomains ? family : []
    let rewritten = Set([from]).union(renamed)
    var byFile: [(String, [CutoverEdit])] = []
    var notRewritten: [(String, Int, String, CutoverSummary.LeftAloneKind)] = []
    for o in result.occurrences where rewritten.contains(o.host) {
        if let (kind, reason) = leftAlone(o, result, options) {
            notRewritten.append((o.path, o.line, reason, kind))
            continue
        }
        var edit = CutoverEdit(
            path: o.path, line: o.line, column: o.column, offset: o.offset, oldText: o.found,
            newText: renamedHost(o.found, host: o.host, from: from, to: to), occurrenceClass: o.occurrenceClass,
            encoding: o.encoding, rule: o.rule)
        (edit.products, edit.claim) = (o.products, o.claim)
        if let last = byFile.indices.last, byFile[last].0 == o.path {
            byFile[last].1.append(edit)
        } else {
            byFile.append((o.path, [edit]))
        }
    }
    notRewritten += try symlinkedFileOccurrences(
        project, result, hosts: rewritten, options: options, named: notRewritten)
    let remaining = family.subtracting(renamed).sorted()
    var plan = CutoverPlan(
        from: from, to: to, toUnicode: toUnicode, options: options,
        files: byFile.map { CutoverFile(path: $0.0, edits: $0.1) },
        binaryFiles: result.binaryFiles.filter { rewritten.contains($0.host) }.map(\.path),
        notRewritten: notRewritten.map { (path: $0.0, line: $0.1, reason: $0.2, kind: $0.3) },
        related: result.related.filter { $0.host == from && !renamed.contains($0.found) },
        familyRenames: renamed.sorted().map { (old: $0, new: String($0.dropLast(from.count)) + to) },
        subdomainWarnings: subdomainWarnings(result, from: from, remaining: remaining),
        redirectURIs: redirectURIChanges(result, rewritten: rewritten, from: from, to: to),
        newHostAlreadyAt: result.occurrences.filter { $0.host == to },
        unreadable: result.problems.filter(\.isError), skipped: result.problems.filter { !$0.isError })
    plan.notHost = result.notHost.filter { rewritten.contains($0.host) }
    if plan.edits.contains(where: { edit in
        edit.occurrenceClass.isBinary && !edit.products.contains { $0.kind == .app || $0.kind == .example }
    }) {
        plan.repositoryApps = try builtApps(project)
    }
    let kept = result.occurrences.filter { rewritten.contains($0.host) }
    plan.unusedExclusions = options.exclude.filter { entry in
        !kept.contains { entry.keeps(path: $0.path, line: $0.line) }
    }
    return plan
}

/// True when `longer` is `short` with more labels or a hyphenated prefix (`staging.old`, `old.evil`, `x-old`).
func isLongerName(_ longer: String, containing short: String) -> Bool {
    longer.hasSuffix("." + short) || longer.hasSuffix("-" + short) || longer.hasPrefix(short + ".")
}

/// Why a cutover with `options` leaves an occurrence as it is, or nil when it rewrites it: the
/// cutover's own rule, which `scan --after-cutover` holds the remaining occurrences against.
public func reasonNotRewritten(_ o: HostOccurrence, _ result: ScanResult, _ options: CutoverOptions) -> String? {
    leftAlone(o, result, options)?.reason
}

/// The kind of what a cutover leaves alone (for the preview's summary) and why.
func leftAlone(_ o: HostOccurrence, _ result: ScanResult, _ options: CutoverOptions)
    -> (kind: CutoverSummary.LeftAloneKind, reason: String)?
{
    if result.symlinks.contains(o.path) {
        return (.symlink, "symlink: its link text is not rewritten and its target is never followed")
    }
    if let entry = options.exclude.keeping(path: o.path, line: o.line) {
        return (.excluded, "kept, by your exclusion `\(entry.text)`")
    }
    if o.encoding == .email && !options.includeEmail {
        return (.email, "e-mail address: left alone (pass --include-email to rewrite it)")
    }
    return nil
}

/// What replaces an occurrence of `host` (the old host, or one of its `*.old` family) written `found`.
func renamedHost(_ found: String, host: String, from: String, to: String) -> String {
    guard host != from else { return replacement(for: found, to: to) }
    let prefix = String(found.dropLast(from.count))
    return prefix + replacement(for: String(found.suffix(from.count)), to: to)
}

private func subdomainWarnings(_ result: ScanResult, from: String, remaining: [String]) -> [SubdomainWarning] {
    guard !remaining.isEmpty else { return [] }
    return result.occurrences.filter { $0.host == from && $0.coversSubdomains }.map {
        SubdomainWarning(path: $0.path, line: $0.line, remaining: remaining)
    }
}

private func redirectURIChanges(_ result: ScanResult, rewritten: Set<String>, from: String, to: String)
    -> [RedirectURIChange]
{
    result.occurrences.compactMap { o in
        guard rewritten.contains(o.host), let uri = o.redirectURI, let range = uri.range(of: o.found) else {
            return nil
        }
        let new = uri.replacingCharacters(in: range, with: renamedHost(o.found, host: o.host, from: from, to: to))
        return RedirectURIChange(path: o.path, line: o.line, old: uri, new: new)
    }
}

/// Applies a file's edits to its bytes. Throws when the file no longer holds the old host where
/// the plan found it (it changed after the scan). A file in UTF-16 or UTF-32 (by its byte order
/// mark) is edited in its UTF-8 text, where the scan's offsets are, and written back in its own
/// encoding with its mark and line ends.
public func rewrite(_ bytes: [UInt8], with edits: [CutoverEdit], path: String) throws(Failure) -> [UInt8] {
    guard let encoding = TextEncoding(announcedBy: bytes) else {
        return try rewriteUTF8(bytes, with: edits, path: path)
    }
    return encoding.encode(try rewriteUTF8(try decodedText(bytes, encoding, path: path), with: edits, path: path))
}

/// The UTF-8 text of a file in `encoding`; throws when it is not text in it.
func decodedText(_ bytes: [UInt8], _ encoding: TextEncoding, path: String) throws(Failure) -> [UInt8] {
    switch encoding.decode(bytes) {
    case .success(let text): return text
    case .failure(let problem):
        throw Failure(
            .badInput, "\(path): not scanned: encoding (a \(encoding.rawValue) byte order mark, but \(problem))")
    }
}

/// The text the scan searched in `bytes`: a UTF-16 or UTF-32 file's as UTF-8, any other file's
/// bytes as they are (a file whose mark lies was never scanned, and is searched as bytes).
func searchedText(_ bytes: [UInt8]) -> [UInt8] {
    guard let encoding = TextEncoding(announcedBy: bytes), case .success(let text) = encoding.decode(bytes) else {
        return bytes
    }
    return text
}

/// `rewrite` on UTF-8 text.
func rewriteUTF8(_ bytes: [UInt8], with edits: [CutoverEdit], path: String) throws(Failure) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + edits.count * 16)
    var cursor = 0
    for edit in edits.sorted(by: { $0.offset < $1.offset }) {
        let old = Array(edit.oldText.utf8)
        guard edit.offset >= cursor, edit.offset + old.count <= bytes.count,
            Array(bytes[edit.offset..<edit.offset + old.count]) == old
        else {
            throw Failure(
                .couldNotCheck,
                "\(path):\(edit.line):\(edit.column): the file changed since it was scanned; run the cutover again")
        }
        output.append(contentsOf: bytes[cursor..<edit.offset])
        output.append(contentsOf: edit.newText.utf8)
        cursor = edit.offset + old.count
    }
    output.append(contentsOf: bytes[cursor...])
    return output
}

/// What replaces one occurrence: the new host, in capitals when the old one was written in capitals.
func replacement(for found: String, to: String) -> String {
    found == found.uppercased() && found != found.lowercased() ? to.uppercased() : to
}

/// Every whole-name occurrence of `from`, and of each `*.old` name in `family` (a `--subdomains`
/// cutover), in `bytes` replaced by the same rules as a plan; e-mail addresses only with
/// `includeEmail`; an occurrence on a line `keepsLine` names (1-based) stays. Recovery recomputes
/// an interrupted cutover's new content with it.
func replacingHosts(
    in bytes: [UInt8], from: String, to: String, includeEmail: Bool, family: [String],
    keepsLine: (Int) -> Bool = { _ in false }
) -> [UInt8] {
    if let encoding = TextEncoding(announcedBy: bytes), case .success(let text) = encoding.decode(bytes) {
        let rewritten = replacingHosts(
            in: text, from: from, to: to, includeEmail: includeEmail, family: family, keepsLine: keepsLine)
        return encoding.encode(rewritten)
    }
    var found: [(offset: Int, length: Int, host: String)] = []
    for host in [from] + family {
        for offset in HostSearch.occurrenceOffsets(of: host, in: bytes, includeEmail: includeEmail) {
            found.append((offset, host.utf8.count, host))
        }
    }
    var output: [UInt8] = []
    var cursor = 0
    var lines = LineCounter(bytes)
    for hit in found.sorted(by: { $0.offset < $1.offset }) where hit.offset >= cursor {
        if keepsLine(lines.line(at: hit.offset)) { continue }
        let text = String(decoding: bytes[hit.offset..<hit.offset + hit.length], as: UTF8.self)
        output.append(contentsOf: bytes[cursor..<hit.offset])
        output.append(contentsOf: renamedHost(text, host: hit.host, from: from, to: to).utf8)
        cursor = hit.offset + hit.length
    }
    output.append(contentsOf: bytes[cursor...])
    return output
}
