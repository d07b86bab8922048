/// The states of a compiled glob of at most 31 steps as the bits of one word, all moved over a
/// byte at once: what `Glob.matches` runs for the short patterns nearly every glob is (a longer
/// one runs the same states one by one). Bit `s` is "step `s` comes next", bit `n` "all done",
/// bit `n + 1 + s` "inside the segments the `**` at step `s` skips".
struct GlobBits: Sendable {
    /// Per byte value, the steps that read it and go on (`.byte` of it; `.any` unless it is `/`).
    private let forward: [UInt64]
    private let star: UInt64, segments: UInt64, rest: UInt64
    private let done: UInt64
    /// How far a `**` step's bit is from its skipping bit.
    private let skip: UInt64

    init?(_ steps: [Glob.Step]) {
        let n = steps.count
        guard 2 * n + 2 <= 64 else { return nil }
        var forward = [UInt64](repeating: 0, count: 256)
        var star: UInt64 = 0, segments: UInt64 = 0, rest: UInt64 = 0
        for (s, step) in steps.enumerated() {
            let bit: UInt64 = 1 << UInt64(s)
            switch step {
            case .byte(let b): forward[Int(b)] |= bit
            case .any: for c in 0..<256 where c != Int(UInt8(ascii: "/")) { forward[c] |= bit }
            case .star: star |= bit
            case .segments: segments |= bit
            case .rest: rest |= bit
            }
        }
        self.forward = forward
        self.star = star
        self.segments = segments
        self.rest = rest
        done = 1 << UInt64(n)
        skip = UInt64(n + 1)
    }

    func matches(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var current = closed(1)
        if current & rest != 0 { return true }
        for c in path {
            var next = (current & forward[Int(c)]) << 1
            if c == UInt8(ascii: "/") {
                // A `**` stays ready after a `/`, and one skipping a segment is ready again.
                next |= current & segments | (current >> skip) & segments
            } else {
                next |= current & star | (current & segments) << skip | current & (segments << skip)
            }
            if next == 0 { return false }
            current = closed(next)
            if current & rest != 0 { return true }
        }
        return current & done != 0
    }

    /// `states` with those reached by matching nothing (`*` and `**`, one after another).
    private func closed(_ states: UInt64) -> UInt64 {
        var states = states
        while true {
            let more = states | (states & (star | segments)) << 1
            if more == states { return states }
            states = more
        }
    }
}
