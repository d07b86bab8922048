import Foundation

/// nginx `location ~` regular expressions, each compiled once and evaluated once per URI under a
/// work limit: ICU reports progress while it matches, and a match that needs more than
/// `maximumProgressReports` of them (about 10,000 backtracking steps each) or `timeLimit` is
/// stopped and its regex treated as unreadable, as one ICU cannot compile is. A catastrophic
/// pattern (`^((.|.)+)+ZN$`) therefore costs milliseconds, not minutes.
final class NginxRegexes {
    /// What evaluating a regex location on a URI gave.
    enum Outcome {
        /// It matched, with the captures `$1`...
        case match([String])
        case noMatch
        /// It did not compile, or needed more than the limit: what nginx would choose is unknown.
        case unreadable
    }

    /// Progress reports allowed for one evaluation.
    static let maximumProgressReports = 64
    /// Wall-clock limit for one evaluation, whatever the progress reports say.
    static let timeLimit: TimeInterval = 0.25

    private var compiled: [String: NSRegularExpression?] = [:]
    private var outcomes: [String: Outcome] = [:]

    /// `pattern` (case-insensitive for `~*`) evaluated on `uri`, once per pair.
    func evaluate(_ pattern: String, caseInsensitive: Bool, on uri: String) -> Outcome {
        let key = "\(caseInsensitive ? "~*" : "~") \(pattern)\u{0}\(uri)"
        if let known = outcomes[key] { return known }
        let outcome = run(pattern, caseInsensitive: caseInsensitive, uri: uri)
        outcomes[key] = outcome
        return outcome
    }

    private func run(_ pattern: String, caseInsensitive: Bool, uri: String) -> Outcome {
        let compiledKey = "\(caseInsensitive ? "~*" : "~") \(pattern)"
        if compiled[compiledKey] == nil {
            let options: NSRegularExpression.Options = caseInsensitive ? [.caseInsensitive] : []
            compiled[compiledKey] = .some(try? NSRegularExpression(pattern: pattern, options: options))
        }
        guard let regex = compiled[compiledKey] ?? nil else { return .unreadable }
        let whole = NSRange(uri.startIndex..., in: uri)
        let start = Date()
        var reports = 0
        var stopped = false
        var found: NSTextCheckingResult?
        regex.enumerateMatches(in: uri, options: [.reportProgress], range: whole) { match, _, stop in
            if let match {
                found = match
                stop.pointee = true
                return
            }
            reports += 1
            if reports > Self.maximumProgressReports || Date().timeIntervalSince(start) > Self.timeLimit {
                stopped = true
                stop.pointee = true
            }
        }
        if let match = found {
            let captures = (1..<max(match.numberOfRanges, 1)).map { i -> String in
                Range(match.range(at: i), in: uri).map { String(uri[$0]) } ?? ""
            }
            return .match(captures)
        }
        return stopped ? .unreadable : .noMatch
    }
}
