import Foundation
import RelopsCore

/// `relops verify --wait DURATION [--interval D]`: re-check until every check passes or the time
/// runs out, the way a runbook waits for Apple's CDN or Google's cache.
public struct VerifyWait: Sendable, Equatable {
    /// Seconds to keep trying.
    public let duration: Double
    /// Seconds between the start of one round and the next.
    public let interval: Double

    /// The interval when `--interval` is not given.
    public static let defaultInterval: Double = 30

    /// A wait of `duration` seconds, a round every `interval`.
    public init(duration: Double, interval: Double = defaultInterval) {
        self.duration = duration
        self.interval = interval
    }

    /// `--wait 10m --interval 30s`: a number with an optional unit `s`, `m` or `h` (seconds when
    /// none). The wait is at most 24 hours; the interval at least one second.
    public static func parse(wait: String, interval: String?) throws(Failure) -> VerifyWait {
        let duration = try seconds(wait, "--wait")
        let every = try interval.map { text throws(Failure) in try seconds(text, "--interval") } ?? defaultInterval
        guard duration <= 24 * 3600 else { throw Failure(.usage, "--wait \(wait): at most 24h") }
        guard every >= 1 else { throw Failure(.usage, "--interval \(interval ?? ""): at least 1s") }
        return VerifyWait(duration: duration, interval: every)
    }

    static func seconds(_ text: String, _ flag: String) throws(Failure) -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        var number = Substring(text)
        var unit = 1.0
        if let last = text.last, let u = units[last] {
            number = number.dropLast()
            unit = u
        }
        guard let value = Double(number), value.isFinite, value > 0 else {
            throw Failure(.usage, "\(flag) \(text): expected a duration such as 90s, 10m or 1h")
        }
        return value * unit
    }
}

/// A check that is new, gone, or changed its verdict or reason since the previous round.
public struct CheckChange: Sendable, Equatable {
    /// The check in the previous round; nil when it is new.
    public let before: Check?
    /// The check in this round; nil when it is gone.
    public let after: Check?

    /// The changes from `previous` to `current`, matching checks by name, URL and order.
    public static func between(_ previous: VerifyReport, _ current: VerifyReport) -> [CheckChange] {
        func keyed(_ report: VerifyReport) -> [(key: String, check: Check)] {
            var seen: [String: Int] = [:]
            return report.checks.map { check in
                let base = check.name + " " + (check.url ?? "")
                seen[base, default: 0] += 1
                return ("\(base) #\(seen[base] ?? 0)", check)
            }
        }
        let old = keyed(previous), new = keyed(current)
        let oldByKey = Dictionary(old.map { ($0.key, $0.check) }, uniquingKeysWith: { a, _ in a })
        let newKeys = Set(new.map(\.key))
        var out: [CheckChange] = []
        for (key, check) in new {
            let before = oldByKey[key]
            if before?.verdict != check.verdict || before?.reason != check.reason {
                out.append(CheckChange(before: before, after: check))
            }
        }
        for (key, check) in old where !newKeys.contains(key) { out.append(CheckChange(before: check, after: nil)) }
        return out
    }
}

/// One round of a wait.
public struct WaitRound: Sendable {
    /// 1 for the first round.
    public let number: Int
    /// Seconds since the wait started, when the round finished.
    public let elapsed: Double
    /// The round's checklist.
    public let report: VerifyReport
    /// Changes since the previous round (every check in the first).
    public let changes: [CheckChange]
}

/// How a wait ended.
public struct WaitOutcome: Sendable {
    /// How many rounds ran.
    public let rounds: Int
    /// The last round's report.
    public let report: VerifyReport
    /// When every check first passed; nil when time ran out first.
    public let passedAt: Date?
    /// Seconds from the start to the end of the last round.
    public let elapsed: Double
}

extension VerifyWait {
    /// Runs `round` until its report has no failure and no unreachable host, or until the next
    /// round would start after `duration`. `onRound` sees each round as it ends (to show it);
    /// `sleep` and `now` are the clock (tests pass their own).
    public func run(
        _ round: () throws(Failure) -> VerifyReport, now: () -> Date = Date.init,
        sleep: (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }, onRound: (WaitRound) -> Void
    ) throws(Failure) -> WaitOutcome {
        let start = now()
        var previous = VerifyReport()
        var number = 0
        while true {
            let roundStart = now()
            number += 1
            let report = try round()
            let finished = now()
            let elapsed = finished.timeIntervalSince(start)
            onRound(
                WaitRound(
                    number: number, elapsed: elapsed, report: report, changes: CheckChange.between(previous, report)))
            previous = report
            if report.failureCategory == nil {
                return WaitOutcome(rounds: number, report: report, passedAt: finished, elapsed: elapsed)
            }
            let next = roundStart.timeIntervalSince(start) + interval
            if next > duration { return WaitOutcome(rounds: number, report: report, passedAt: nil, elapsed: elapsed) }
            let pause = next - finished.timeIntervalSince(start)
            if pause > 0 { sleep(pause) }
        }
    }
}
