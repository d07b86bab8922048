import CBytePairs
import PublicSuffix

/// A host compiled for searching: its lowercase bytes and the two rarest of them, which the
/// SIMD pre-filter compares 16 positions at a time (32 with AVX2) before a candidate is verified
/// in full.
struct Needle: Sendable {
    let host: String
    let bytes: [UInt8]
    let rareOffset1: Int
    let rareOffset2: Int

    init(host: String) {
        self.host = host
        let bytes = Array(host.utf8)
        self.bytes = bytes
        let ranked = bytes.indices.sorted { (rarity(bytes[$0]), $0) < (rarity(bytes[$1]), $1) }
        rareOffset1 = ranked[0]
        rareOffset2 = ranked.count > 1 ? ranked[1] : ranked[0]
    }
}

/// What the search for a needle reads: its bytes and its two rarest bytes' offsets. It holds no
/// reference, so copying it retains nothing.
struct NeedlePattern {
    let bytes: UnsafeBufferPointer<UInt8>
    let rareOffset1: Int
    let rareOffset2: Int
}

/// A worker's own copy of the scan's needles, and their patterns in memory it owns, read for
/// every file without a retain: searching for a needle of an array copied it out, and each copy
/// retained and released its host and its bytes (about 1% of a scan's CPU time on a 22,000-file
/// repository). The copies share no storage with the caller's needles: two cores retaining one
/// shared string or array pass its cache line back and forth.
final class NeedleStore {
    let needles: [Needle]
    let patterns: UnsafeBufferPointer<NeedlePattern>
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    init(_ needles: [Needle]) {
        self.needles = needles.map { Needle(host: String(decoding: Array($0.host.utf8), as: UTF8.self)) }
        bytes = .allocate(capacity: max(1, needles.reduce(0) { $0 + $1.bytes.count }))
        let patterns = UnsafeMutableBufferPointer<NeedlePattern>.allocate(capacity: needles.count)
        var at = 0
        for (n, needle) in self.needles.enumerated() {
            let start = bytes.baseAddress! + at
            start.initialize(from: needle.bytes, count: needle.bytes.count)
            let pattern = UnsafeBufferPointer(start: start, count: needle.bytes.count)
            (patterns.baseAddress! + n).initialize(
                to: NeedlePattern(bytes: pattern, rareOffset1: needle.rareOffset1, rareOffset2: needle.rareOffset2))
            at += needle.bytes.count
        }
        self.patterns = UnsafeBufferPointer(patterns)
    }

    deinit {
        bytes.deallocate()
        patterns.deallocate()
    }
}

/// Lower is rarer, from byte frequencies typical of source code and configuration.
private func rarity(_ byte: UInt8) -> Int {
    let common = Array("etaoinsrlcdmuphgbfywvkx.-jqz0123456789".utf8)
    if let i = common.firstIndex(of: byte) {
        // Digits and punctuation are frequent in code; letters rank by English/code frequency.
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            ? 20 : (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") ? 30 : 26 - i)
    }
    return 0
}

/// What was found at one matching position.
enum MatchKind: Sendable {
    /// The whole host name: an occurrence, with how it is encoded.
    case occurrence(OccurrenceEncoding)
    /// Part of a longer host name spanning `start..<end` in the buffer.
    case related(start: Int, end: Int)
    /// A name spanning `start..<end` that spells the host (whole or in part) but names code or a
    /// bundle: never an occurrence.
    case notHost(start: Int, end: Int, reason: NotHostReason)
}

struct Match: Sendable {
    let offset: Int
    let kind: MatchKind
}

@inline(__always) private func isAlnum(_ b: UInt8) -> Bool {
    (b &- 0x30) < 10 || ((b | 0x20) &- 0x61) < 26
}

@inline(__always) private func isNameByte(_ b: UInt8) -> Bool {
    isAlnum(b) || b == 0x2D || b == 0x2E
}

@inline(__always) private func hexValue(_ b: UInt8) -> UInt8? {
    if (b &- 0x30) < 10 { return b &- 0x30 }
    let lower = b | 0x20
    if (lower &- 0x61) < 6 { return lower &- 0x61 &+ 10 }
    return nil
}

/// Finds every case-insensitive match of `needle` in `base[0..<count]` and decides for each
/// whether it is the whole host name or part of a longer one. `base` must be readable for 64
/// bytes past `count` (the scan's buffers are padded with zeros; zeros never match a host
/// byte), which lets the SIMD loop run to the end without a scalar tail.
/// With `width` 64 or 32 (the default is the widest the processor runs: AVX-512BW, AVX2),
/// candidates come that many positions at a time from C (`relops_next_byte_pair_64`, `_32`); with
/// 0, from the sixteen-byte loop below. Each finds every position whose two rare bytes match, and
/// `verify` decides, so the matches are the same.
func findMatches(
    of needle: Needle, in base: UnsafePointer<UInt8>, count: Int, into matches: inout [Match],
    width: Int = pairSearchWidth
) {
    needle.bytes.withUnsafeBufferPointer {
        let pattern = NeedlePattern(bytes: $0, rareOffset1: needle.rareOffset1, rareOffset2: needle.rareOffset2)
        findMatches(of: pattern, in: base, count: count, into: &matches, width: width)
    }
}

/// `findMatches` of a needle's pattern (`NeedleStore`).
func findMatches(
    of needle: NeedlePattern, in base: UnsafePointer<UInt8>, count: Int, into matches: inout [Match],
    width: Int = pairSearchWidth
) {
    let m = needle.bytes.count
    guard m > 0, count >= m else { return }
    let last = count - m
    let o1 = needle.rareOffset1, o2 = needle.rareOffset2
    do {
        let pattern = needle.bytes
        /// A position whose two rare bytes match: a match when the whole needle does.
        @inline(__always) func consider(_ start: Int) {
            if start <= last && verify(pattern, at: start, in: base), let kind = classify(start, m, base, count) {
                matches.append(Match(offset: start, kind: kind))
            }
        }
        if width >= 32 {
            let byte1 = pattern[o1] | 0x20, byte2 = pattern[o2] | 0x20
            let next = width == 64 ? relops_next_byte_pair_64 : relops_next_byte_pair_32
            var from = 0
            while from <= last {
                let start = next(base, from, last, o1, byte1, o2, byte2)
                guard start >= 0 else { return }
                consider(start)
                from = start + 1
            }
            return
        }
        let fold = SIMD16<UInt8>(repeating: 0x20)
        let v1 = SIMD16<UInt8>(repeating: pattern[o1] | 0x20), v2 = SIMD16<UInt8>(repeating: pattern[o2] | 0x20)
        let raw = UnsafeRawPointer(base)
        @inline(__always) func block(_ at: Int) -> SIMD16<UInt8> {
            // Offsets stay below count + 64 (the padding), so wrapping arithmetic cannot wrap.
            let a = raw.loadUnaligned(fromByteOffset: at &+ o1, as: SIMD16<UInt8>.self)
            let b = raw.loadUnaligned(fromByteOffset: at &+ o2, as: SIMD16<UInt8>.self)
            return ((a | fold) ^ v1) | ((b | fold) ^ v2)  // zero lanes are candidates
        }
        let ones = SIMD2<UInt64>(repeating: 0x0101_0101_0101_0101)
        let highs = SIMD2<UInt64>(repeating: 0x8080_8080_8080_8080)
        @inline(__always) func zeroFlags(_ x: SIMD16<UInt8>) -> SIMD2<UInt64> {
            let v = unsafeBitCast(x, to: SIMD2<UInt64>.self)
            return (v &- ones) & ~v & highs  // non-zero exactly when some byte of a word is zero
        }
        @inline(__always) func candidates(_ x: SIMD16<UInt8>, _ at: Int) {
            // Visit only the flagged bytes (a flag can also follow a true zero: verify sorts it out).
            let flags = zeroFlags(x)
            for word in 0..<2 {
                var bits = flags[word]
                while bits != 0 {
                    consider(at &+ (word &* 8) &+ (bits.trailingZeroBitCount &>> 3))
                    bits &= bits &- 1
                }
            }
        }
        var p = 0
        while p <= last {
            // 64 positions per step; one test of the four blocks' zero flags decides whether to look closer.
            let x0 = block(p), x1 = block(p &+ 16), x2 = block(p &+ 32), x3 = block(p &+ 48)
            let flags = zeroFlags(x0) | zeroFlags(x1) | zeroFlags(x2) | zeroFlags(x3)
            if flags[0] | flags[1] != 0 {
                candidates(x0, p)
                candidates(x1, p + 16)
                candidates(x2, p + 32)
                candidates(x3, p + 48)
            }
            p &+= 64
        }
    }
}

/// The widest candidate search this processor runs (`relops_byte_pairs_width`): 64, 32 or 0.
let pairSearchWidth = Int(relops_byte_pairs_width())

@inline(__always) private func verify(
    _ pattern: UnsafeBufferPointer<UInt8>, at start: Int, in base: UnsafePointer<UInt8>
) -> Bool {
    var k = 0
    while k < pattern.count {
        var h = base[start + k]
        if (h &- 0x41) < 26 { h |= 0x20 }
        if h != pattern[k] { return false }
        k += 1
    }
    return true
}

/// Applies the whole-hostname rule at a verified match: nil when the match sits inside a longer
/// label (`myapp.example.com`, `app.example.company`), which is neither an occurrence nor related;
/// `notHost` when the name names code or a bundle (`package com.example.app`, `Example.app`).
private func classify(_ start: Int, _ length: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> MatchKind? {
    var encoding = OccurrenceEncoding.plain
    var extendsLeft = false
    if start > 0 {
        let before = base[start - 1]
        if start >= 3, base[start - 3] == UInt8(ascii: "%"), let hi = hexValue(base[start - 2]),
            let lo = hexValue(before)
        {
            // `%2F` before the host: the decoded byte decides.
            let decoded = hi << 4 | lo
            if isAlnum(decoded) { return nil }
            extendsLeft = decoded == UInt8(ascii: ".") || decoded == UInt8(ascii: "-")
            encoding = .percent
        } else if placeholderStart(endingAt: start, base) != nil {
            extendsLeft = true  // `{}host.com`, `%shost.com`: a template builds a longer name
        } else if isAlnum(before) {
            return nil
        } else if before == UInt8(ascii: ".") || before == UInt8(ascii: "-") {
            extendsLeft = true
        } else if before == UInt8(ascii: "@") && isProfileAddress(before: start - 1, base) {
            encoding = .profile
        } else if before == UInt8(ascii: "@") && isEmailLocalPart(before: start - 1, base) {
            encoding = .email
        } else if start >= 2 && before == UInt8(ascii: "/") && base[start - 2] == UInt8(ascii: "\\") {
            encoding = .jsonEscaped
        }
    }
    let end = start + length
    var extendsRight = false
    if encoding == .email && isRemotePath(at: end, base, count) { encoding = .plain }
    if end < count {
        let after = base[end]
        if isAlnum(after) {
            return nil
        } else if after == UInt8(ascii: "-") {
            // `host.com-webkluis`: a longer name only when it still ends in a public suffix.
            extendsRight = endsInListedSuffix(base, upTo: nameEnd(from: end, base, count))
        } else if after == UInt8(ascii: "."), end + 1 < count,
            isAlnum(base[end + 1]) || base[end + 1] == UInt8(ascii: "-")
        {
            extendsRight = true  // `app.example.com.evil.example`; a sentence-ending dot is not
        } else if encoding == .plain, after == UInt8(ascii: "\\"), end + 1 < count, base[end + 1] == UInt8(ascii: "/") {
            encoding = .jsonEscaped
        }
    }
    let lo = extendsLeft ? nameStart(from: start, base) : start
    let hi = extendsRight ? nameEnd(from: end, base, count) : end
    if encoding == .plain, let reason = notHostReason(lo, hi, base, count) {
        return .notHost(start: lo, end: hi, reason: reason)
    }
    guard lo < start || hi > end else { return .occurrence(encoding) }
    return .related(start: lo, end: hi)
}

/// Where the name that runs left from `start` begins (a percent escape is not part of it; a
/// template placeholder is: `test{}.app.example.com`, `%s.app.example.com`).
private func nameStart(from start: Int, _ base: UnsafePointer<UInt8>) -> Int {
    var lo = start
    while true {
        while lo > 0 && isNameByte(base[lo - 1]) {
            // Stop at a percent escape (`%2Fstaging.app.example.com`): its hex digits are not the name.
            if lo >= 3 && base[lo - 3] == UInt8(ascii: "%") && hexValue(base[lo - 2]) != nil
                && hexValue(base[lo - 1]) != nil
            {
                break
            }
            lo -= 1
        }
        if let p = placeholderStart(endingAt: lo, base) {
            lo = p
        } else if lo < start, let p = placeholderStart(endingAt: lo + 1, base), p < lo {
            lo = p  // the name bytes ran into a printf conversion's letter (`%s.`): the `%` belongs too
        } else {
            break
        }
    }
    while lo < start && (base[lo] == UInt8(ascii: ".") || base[lo] == UInt8(ascii: "-")) { lo += 1 }
    return lo
}

/// Where the name that runs right from `end` ends (a dot is part of it only before a name byte).
private func nameEnd(from end: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> Int {
    var hi = end
    while hi < count {
        let b = base[hi]
        if isAlnum(b) || b == UInt8(ascii: "-") {
            hi += 1
        } else if b == UInt8(ascii: "."), hi + 1 < count, isAlnum(base[hi + 1]) || base[hi + 1] == UInt8(ascii: "-") {
            hi += 1
        } else {
            break
        }
    }
    while hi > end && base[hi - 1] == UInt8(ascii: "-") { hi -= 1 }
    return hi
}

/// True when the name ending at `end` has a last label the Public Suffix List names (`com`, not
/// `com-webkluis`).
private func endsInListedSuffix(_ base: UnsafePointer<UInt8>, upTo end: Int) -> Bool {
    var k = end
    while k > 0 && base[k - 1] != UInt8(ascii: ".") && isNameByte(base[k - 1]) { k -= 1 }
    let label = String(decoding: UnsafeBufferPointer(start: base + k, count: end - k), as: UTF8.self).lowercased()
    return PublicSuffixList.isListedSuffix(label)
}

/// True when the `@` at `at` joins a Fediverse user to its host: `@alice@host` (also inside a
/// profile URL, `https://other.example/@alice@host`) or WebFinger's `acct:alice@host`. A profile
/// address, not a mailbox; `alice@host` alone stays an e-mail address.
private func isProfileAddress(before at: Int, _ base: UnsafePointer<UInt8>) -> Bool {
    var k = at
    while k > 0 && at - k < 64 && isHandleByte(base[k - 1]) { k -= 1 }
    guard k < at, k > 0 else { return false }
    if base[k - 1] == UInt8(ascii: ":") {
        return k >= 5 && base[k - 5] | 0x20 == UInt8(ascii: "a") && base[k - 4] | 0x20 == UInt8(ascii: "c")
            && base[k - 3] | 0x20 == UInt8(ascii: "c") && base[k - 2] | 0x20 == UInt8(ascii: "t")
            && (k == 5 || !isHandleByte(base[k - 6]))
    }
    // The handle's own `@` starts a word: `bob@alice@host` and `a+@alice@host` are no handles.
    guard base[k - 1] == UInt8(ascii: "@") else { return false }
    guard k >= 2 else { return true }
    let lead = base[k - 2]
    return !isHandleByte(lead) && lead != UInt8(ascii: "@") && lead != UInt8(ascii: "+")
        && lead != UInt8(ascii: "%")
}

/// A byte of a Fediverse user name (`alice`, `alice.b`, `alice_b`, `alice-b`).
@inline(__always) private func isHandleByte(_ b: UInt8) -> Bool {
    isAlnum(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
}

/// True when the `@` at `at` follows an e-mail local part (`support@`, `mailto:ci@`), not the
/// user of a URL (`https://user:secret@`, `ssh://git@`).
private func isEmailLocalPart(before at: Int, _ base: UnsafePointer<UInt8>) -> Bool {
    func isLocal(_ b: UInt8) -> Bool {
        isAlnum(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "%")
            || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
    }
    guard at > 0, isLocal(base[at - 1]) else { return false }
    var k = at - 1
    var steps = 0
    while k > 0 && (isLocal(base[k - 1]) || base[k - 1] == UInt8(ascii: ":")) && steps < 256 {
        k -= 1
        steps += 1
    }
    return !(k > 0 && base[k - 1] == UInt8(ascii: "/"))
}

/// True when `user@host` is followed by `:path`: git's scp-like remote (`git@host:org/app.git`),
/// a host to reach over SSH, not a mailbox. A colon then a space or the end (`ops@host: on call`)
/// still ends an e-mail address.
private func isRemotePath(at end: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    guard end + 1 < count, base[end] == UInt8(ascii: ":") else { return false }
    let next = base[end + 1]
    return isAlnum(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "~") || next == UInt8(ascii: "_")
        || next == UInt8(ascii: ".")
}

/// Whole-name occurrences of a host in a byte buffer, by the same rules as a scan.
public enum HostSearch {
    /// Byte offsets of every whole-name occurrence of `host` (lowercase ASCII) in `bytes`;
    /// e-mail addresses (`support@host`) only with `includeEmail`, as a cutover rewrites them.
    public static func occurrenceOffsets(of host: String, in bytes: [UInt8], includeEmail: Bool = false) -> [Int] {
        let needle = Needle(host: host)
        var padded = bytes
        padded.append(contentsOf: repeatElement(0, count: ReadBuffer.padding))
        var matches: [Match] = []
        padded.withUnsafeBufferPointer {
            findMatches(of: needle, in: $0.baseAddress!, count: bytes.count, into: &matches)
        }
        return matches.compactMap { match in
            guard case .occurrence(let encoding) = match.kind, includeEmail || encoding != .email else { return nil }
            return match.offset
        }
    }
}
