import Foundation

/// A regular expression written in relops's source (not read from the input): one that does not
/// compile is a programmer error, stopped where it is made, never an empty answer that reads as
/// "nothing found". Names from the input put into a pattern go through `escaped`.
public struct BuiltInRegex: @unchecked Sendable {
    private let regex: NSRegularExpression

    /// The pattern, compiled.
    public init(_ pattern: String) {
        do {
            regex = try NSRegularExpression(pattern: pattern)
        } catch {
            preconditionFailure("relops's own pattern does not compile: \(pattern): \(error)")
        }
    }

    /// `text` as a pattern that matches it literally.
    public static func escaped(_ text: String) -> String { NSRegularExpression.escapedPattern(for: text) }

    /// The first capture group of each match in `text`, in order.
    public func captures(in text: String) -> [String] {
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            ns.substring(with: $0.range(at: 1))
        }
    }

    /// The first capture group of each match in `text`, with the 1-based line the match starts on.
    public func capturesWithLines(in text: String) -> [(String, Int)] {
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { match in
            (ns.substring(with: match.range(at: 1)), Self.line(of: match, in: ns))
        }
    }

    /// The first match in `text`: its first capture group and the line it starts on; nil for none.
    public func first(in text: String) -> (value: String, line: Int)? {
        let ns = text as NSString
        guard let match = regex.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) else { return nil }
        return (ns.substring(with: match.range(at: 1)), Self.line(of: match, in: ns))
    }

    /// Every match in `text`, as NSRegularExpression gives it (for callers that look at ranges).
    public func matches(in text: String) -> [NSTextCheckingResult] {
        regex.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length))
    }

    private static func line(of match: NSTextCheckingResult, in text: NSString) -> Int {
        1 + text.substring(to: match.range.location).reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
