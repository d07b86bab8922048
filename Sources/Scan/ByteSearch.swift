#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Searches over UTF-8 bytes, with no `String` copy and no Foundation `String.range(of:)`: how
/// the classifier looks for words (`redirect_uri`, `includeSubDomains`, `user.email`) in a line
/// or a whole file. Ignoring case, an ASCII letter matches either case and every other byte
/// matches only itself; the needle is then lower-case ASCII.
enum ByteSearch {
    /// `byte` with an ASCII capital letter turned into its small letter.
    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 {
        (byte &- 0x41) < 26 ? byte | 0x20 : byte
    }

    /// Where `needle` first starts in `hay[from..<to]`. When the needle holds a byte whose case
    /// cannot change (`-` in `strict-transport-security`; any byte when matching exactly),
    /// `memchr` finds the places to compare; in a whole file, for the one of its bytes rarest in
    /// source text (`v` in `String.fromEnvironment(`, not the `S` every Dart file is full of;
    /// when ignoring case, a letter may be it); the places of a letter are found sixteen bytes
    /// at a time.
    static func firstIndex(
        of needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>, from: Int, to: Int, ignoringCase: Bool = true
    ) -> Int? {
        needle.withUnsafeBufferPointer {
            firstIndex(of: $0, in: hay, from: from, to: to, ignoringCase: ignoringCase)
        }
    }

    /// `firstIndex(of:in:from:to:ignoringCase:)` with the needle's bytes in place (a string's
    /// own storage, say), so no array is made for it.
    static func firstIndex(
        of needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
        ignoringCase: Bool = true
    ) -> Int? {
        guard !needle.isEmpty, from >= 0, to <= hay.count, to - from >= needle.count, let base = hay.baseAddress
        else { return nil }
        // A line is short: choosing costs more there than it saves, so its anchor is the first
        // byte whose case cannot change (any first byte when exact), else its first letter.
        // In a file, the byte rarest in source text, a letter too when ignoring case.
        let anchor: Int?
        if to - from < 512 {
            anchor = ignoringCase ? needle.firstIndex { $0 &- 0x61 >= 26 } : 0
        } else {
            // The rarest byte whose case cannot change (any byte when exact), and the rarest
            // small letter when ignoring case; the first of equals.
            var byte: Int?, letter: Int?
            for k in 0..<needle.count {
                let rank = sourceTextRank(needle[k])
                if ignoringCase && needle[k] &- 0x61 < 26 {
                    if letter.map({ rank < sourceTextRank(needle[$0]) }) ?? true { letter = k }
                } else if byte.map({ rank < sourceTextRank(needle[$0]) }) ?? true {
                    byte = k
                }
            }
            // `memchr` runs several times faster than the sixteen-byte letter search: a letter
            // only instead of white space or common punctuation, and when it is rare.
            if let byte, let letter, sourceTextRank(needle[byte]) >= 40, sourceTextRank(needle[letter]) <= 20 {
                anchor = letter
            } else {
                anchor = byte ?? letter
            }
        }
        guard let anchor, !ignoringCase || needle[anchor] &- 0x61 >= 26 else {
            return firstIndex(ofLetters: needle, anchor: anchor ?? 0, in: hay, from: from, last: to - needle.count)
        }
        // Where the anchor byte may be: hay[from + anchor ... to - needle.count + anchor].
        var at = from + anchor
        let lastAnchor = to - needle.count + anchor
        while at <= lastAnchor {
            guard let found = memchr(base + at, Int32(needle[anchor]), lastAnchor - at + 1) else { return nil }
            let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - anchor
            let isMatch =
                ignoringCase
                ? matches(needle, in: hay, at: start, transform: fold) : matches(needle, in: hay, at: start) { $0 }
            if isMatch { return start }
            at = start + anchor + 1
        }
        return nil
    }

    @inline(__always) private static func matches(
        _ needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, at start: Int,
        transform: (UInt8) -> UInt8
    ) -> Bool {
        for k in 0..<needle.count where transform(hay[start + k]) != needle[k] { return false }
        return true
    }

    /// Where `needle` first starts in `hay[from...last + needle.count]`, any case, its byte at
    /// `anchor` a small letter: the places where that letter stands are found sixteen bytes at a
    /// time (a byte with bit 0x20 set equals a small letter exactly when it is that letter in
    /// either case).
    private static func firstIndex(
        ofLetters needle: UnsafeBufferPointer<UInt8>, anchor: Int, in hay: UnsafeBufferPointer<UInt8>, from: Int,
        last: Int
    ) -> Int? {
        guard let base = hay.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let letter = SIMD16<UInt8>(repeating: needle[anchor]), small = SIMD16<UInt8>(repeating: 0x20)
        var at = from
        // Sixteen starts a step while all of them are starts to try: the load ends at
        // `at + anchor + 15 <= last + anchor`, inside `hay` since `last + needle.count <= hay.count`.
        while last &- at >= 15 {
            let found =
                (raw.loadUnaligned(fromByteOffset: at &+ anchor, as: SIMD16<UInt8>.self) | small) .== letter
            let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)  // a found lane is all ones
            for word in 0..<2 {
                var bits = words[word]
                while bits != 0 {
                    let start = at &+ word &* 8 &+ bits.trailingZeroBitCount &>> 3
                    bits &= bits &- 1
                    if matches(needle, in: hay, at: start, transform: fold) { return start }
                }
            }
            at &+= 16
        }
        while at <= last {
            if matches(needle, in: hay, at: at, transform: fold) { return at }
            at &+= 1
        }
        return nil
    }

    /// How common `byte` is in source text, lower for rarer: white space and the punctuation of
    /// code most common, then small letters by their frequency, digits, capitals, other bytes.
    private static func sourceTextRank(_ byte: UInt8) -> Int {
        switch byte {
        case 0x20, 0x0A, 0x09: return 45
        case 0x2E, 0x28, 0x29, 0x2C, 0x22, 0x27, 0x3D, 0x3A, 0x2F, 0x5F, 0x3B, 0x3C, 0x3E: return 40
        case 0x2D: return 30
        case 0x61...0x7A: return 30 - (smallLetterRank[Int(byte - 0x61)])
        case 0x30...0x39: return 20
        case 0x41...0x5A: return 14
        default: return 5
        }
    }

    /// Each small letter's place in "etaoinsrlcdhumpfgybwvkxjqz" (English and code, commonest first).
    private static let smallLetterRank: [Int] = {
        var rank = [Int](repeating: 0, count: 26)
        for (i, letter) in "etaoinsrlcdhumpfgybwvkxjqz".utf8.enumerated() { rank[Int(letter - 0x61)] = i }
        return rank
    }()

    /// True when `needle` occurs anywhere in `hay`.
    static func contains(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>, ignoringCase: Bool = true) -> Bool {
        firstIndex(of: needle, in: hay, from: 0, to: hay.count, ignoringCase: ignoringCase) != nil
    }

    /// Every offset where `needle` starts in `bytes`, byte for byte, matches not overlapping.
    static func offsets(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { hay in
            var found: [Int] = []
            var from = 0
            while let at = firstIndex(of: needle, in: hay, from: from, to: hay.count, ignoringCase: false) {
                found.append(at)
                from = at + needle.count
            }
            return found
        }
    }

    /// True when `needle` (bytes made once by the caller) occurs in `text`, byte for byte.
    static func contains(_ needle: [UInt8], inBytesOf text: String) -> Bool {
        withBytes(of: text) { contains(needle, in: $0, ignoringCase: false) }
    }

    /// True when `needle` occurs in `text`, byte for byte; never for an empty `needle` (as
    /// Foundation's `range(of:)`). Neither string is copied: the rules ask this of paths and lines
    /// many times per occurrence.
    static func contains(_ needle: String, in text: String) -> Bool {
        withBytes(of: text) { hay in
            withBytes(of: needle) { firstIndex(of: $0, in: hay, from: 0, to: hay.count, ignoringCase: false) != nil }
        }
    }

    /// True when `needle` occurs in `hay` once every `"` is taken out of `hay`
    /// (`"redirect_uri"`, `Redirect"Uri`), ASCII letters in either case. `needle` holds no `"`.
    static func containsIgnoringQuotes(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        containsAnyIgnoringQuotes(WordList([needle]), in: hay)
    }

    /// `containsIgnoringQuotes` for several words in one pass over `hay`: a word is tried only
    /// where a byte folds to its first byte and, when every word starts with two small letters,
    /// the next byte to its second (or is a `"`): a line is searched for each occurrence, and most
    /// of its letters start no word.
    static func containsAnyIgnoringQuotes(_ words: WordList, in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        if words.hasEmptyWord { return true }
        return words.bytes.withUnsafeBufferPointer { bytes in
            words.ends.withUnsafeBufferPointer { ends in
                @inline(__always) func anyWord(at: Int) -> Bool {
                    let folded = fold(hay[at])
                    var start = 0
                    for end in ends {
                        if bytes[start] == folded
                            && matchesIgnoringQuotes(UnsafeBufferPointer(rebasing: bytes[start..<end]), in: hay, at: at)
                        {
                            return true
                        }
                        start = end
                    }
                    return false
                }
                if let seconds = words.secondLetters {
                    return seconds.withUnsafeBufferPointer { seconds in
                        var at = 0
                        while at &+ 1 < hay.count {
                            // `| 0x20` makes a capital its small letter and no other byte a small letter.
                            let k = (hay[at] | 0x20) &- 0x61
                            if k < 26 && words.firstLetters & (1 << UInt32(k)) != 0 {
                                let next = hay[at &+ 1], k1 = (next | 0x20) &- 0x61
                                if (next == UInt8(ascii: "\"") || k1 < 26 && seconds[Int(k)] & (1 << UInt32(k1)) != 0)
                                    && anyWord(at: at)
                                {
                                    return true
                                }
                            }
                            at &+= 1
                        }
                        return false
                    }
                }
                for at in 0..<hay.count {
                    let k = fold(hay[at]) &- 0x61
                    if k < 26 && words.firstLetters & (1 << UInt32(k)) == 0 { continue }
                    if anyWord(at: at) { return true }
                }
                return false
            }
        }
    }

    /// True when `word` starts at `at` in `hay`, skipping every `"` of `hay` after its first byte.
    @inline(__always) private static func matchesIgnoringQuotes(
        _ word: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, at: Int
    ) -> Bool {
        let quote = UInt8(ascii: "\"")
        var k = 1, p = at + 1
        while k < word.count && p < hay.count {
            if hay[p] == quote {
                p += 1
            } else if fold(hay[p]) == word[k] {
                k += 1
                p += 1
            } else {
                return false
            }
        }
        return k == word.count
    }

    /// True when `bytes[from..<to]` starts with `prefix`, ASCII letters in either case.
    static func hasPrefixIgnoringCase(_ prefix: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int)
        -> Bool
    {
        guard to - from >= prefix.count else { return false }
        for k in prefix.indices where fold(bytes[from + k]) != prefix[k] { return false }
        return true
    }

    /// `body` over the UTF-8 bytes of `text`, without a copy when `text` is a native string.
    @inline(__always) static func withBytes<Result>(
        of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}

/// Words looked for together (lower-case ASCII, no `"`), kept in one buffer so that a search
/// touches no array per word.
struct WordList: Sendable {
    /// The words, one after the other.
    let bytes: [UInt8]
    /// Where each word ends in `bytes`.
    let ends: [Int]
    /// Bit k: some word starts with the small letter `a` + k (every bit: one starts otherwise).
    let firstLetters: UInt32
    let hasEmptyWord: Bool
    /// When every word starts with two small letters: for each first letter (`a` + k), bit j set
    /// when a word starting with it has `a` + j second.
    let secondLetters: [UInt32]?

    init(_ words: [[UInt8]]) {
        bytes = words.flatMap { $0 }
        var ends: [Int] = [], end = 0, letters: UInt32 = 0
        for word in words {
            end += word.count
            ends.append(end)
            if let first = word.first { letters |= first &- 0x61 < 26 ? 1 << UInt32(first &- 0x61) : ~0 }
        }
        self.ends = ends
        firstLetters = letters
        hasEmptyWord = words.contains { $0.isEmpty }
        var seconds = [UInt32](repeating: 0, count: 26)
        let twoLetters = words.allSatisfy { word in
            guard word.count >= 2, word[0] &- 0x61 < 26, word[1] &- 0x61 < 26 else { return false }
            seconds[Int(word[0] &- 0x61)] |= 1 << UInt32(word[1] &- 0x61)
            return true
        }
        secondLetters = twoLetters && !words.isEmpty ? seconds : nil
    }
}

extension String {
    /// Whether `other` occurs in this string, byte for byte (`ByteSearch.contains`). With
    /// Foundation imported, `contains` on two strings is Foundation's, a `CFStringFind` through a
    /// bridged copy; the scan's rules ask it of paths and lines for every file with an occurrence.
    /// The same answers for the ASCII words the rules look for; never true for an empty `other`.
    func contains(_ other: String) -> Bool { ByteSearch.contains(other, in: self) }
}
