import CBytePairs

extension FileList {
    /// The first path git itself would never write to the index nor check out, nil when every
    /// path is relative, does not end in `/` and has no empty, `.`, `..` or `.git` (in any case)
    /// component. The index is the repository's data: a crafted `.git/index` naming `../x` would
    /// otherwise lead a scan's reads, and a cutover's writes, outside the repository (or into
    /// `.git`). `Repository.indexFiles()` refuses such an index, naming the path.
    ///
    /// One pass over the path block for `/.` and `//` (sixty-four or thirty-two positions at a
    /// time where the processor has AVX-512BW or AVX2), then the few candidates and each path's
    /// first and last byte: the index is read before any file, on one core.
    var firstPathGitRefuses: Int? {
        pathBytes.withUnsafeBufferPointer { block -> Int? in
            guard let base = block.baseAddress else { return nil }
            for i in 0..<count {
                let start = Int(starts[i]), length = pathLength(at: i)
                guard length > 0, base[start] != slash, base[start + length - 1] != slash,
                    !isUnsafeComponent(base, at: start)
                else { return i }
            }
            // A component after a `/` that starts with `.` or is empty. `/` and `.` are their own
            // lower case, so the search's case folding finds them as they are (and at most also
            // 0x0F and 0x0E, which the look at each candidate sets aside).
            for second in [dot, slash] {
                var at = 0
                while let found = nextPair(base, from: at, count: block.count, slash, second) {
                    if base[found] == slash && (base[found + 1] == slash || isUnsafeComponent(base, at: found + 1)) {
                        return pathIndex(containing: found)
                    }
                    at = found + 1
                }
            }
            return nil
        }
    }

    /// The path whose bytes hold `offset` of the path block.
    private func pathIndex(containing offset: Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(starts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

private let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")

/// True when the component at `start` (ending at a `/` or the path's NUL) is empty, `.`, `..` or
/// `.git` in any case.
private func isUnsafeComponent(_ base: UnsafePointer<UInt8>, at start: Int) -> Bool {
    func ends(_ k: Int) -> Bool { base[start + k] == slash || base[start + k] == 0 }
    if ends(0) { return true }
    guard base[start] == dot else { return false }
    if ends(1) || base[start + 1] == dot && ends(2) { return true }
    return base[start + 1] | 0x20 == UInt8(ascii: "g") && base[start + 2] | 0x20 == UInt8(ascii: "i")
        && base[start + 3] | 0x20 == UInt8(ascii: "t") && ends(4)
}

/// The first position from `from` where `first` is followed by `second` in `base[0..<count]`
/// (by the byte-pair search, folding case, up to where its loads stay inside the block; then
/// byte by byte), or nil.
private func nextPair(
    _ base: UnsafePointer<UInt8>, from: Int, count: Int, _ first: UInt8, _ second: UInt8
) -> Int? {
    // The wide search reads up to 64 bytes past `last + 1`: it stops that far before the end.
    let wideLast = count - 2 - 64
    let width = relops_byte_pairs_width()
    if width >= 32 && from <= wideLast {
        let search = width == 64 ? relops_next_byte_pair_64 : relops_next_byte_pair_32
        let found = search(base, from, wideLast, 0, first, 1, second)
        if found >= 0 { return found }
    }
    var p = width >= 32 ? max(from, wideLast + 1) : from
    while p + 1 < count {
        if base[p] | 0x20 == first && base[p + 1] | 0x20 == second { return p }
        p += 1
    }
    return nil
}
