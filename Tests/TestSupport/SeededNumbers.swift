/// Numbers that look random but repeat from run to run (a linear congruential generator, the
/// one of Knuth's MMIX), for tests that hold code to an oracle on many generated inputs: a
/// failure names an input that the next run generates again.
public struct SeededNumbers {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next number, in `0..<n`.
    public mutating func next(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(n))
    }
}
