/// Raw DEFLATE (RFC 1951) decompression, for the v1 signature files of an APK (ZIP method 8).
/// Small and bounded: it refuses output beyond `limit` bytes and any malformed stream.
struct Inflater {
    struct Malformed: Error {
        let reason: String
    }

    private let input: [UInt8]
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private var output: [UInt8] = []
    private let limit: Int

    /// Decompresses `input`, refusing to produce more than `limit` bytes.
    static func inflate(_ input: [UInt8], limit: Int) throws(Malformed) -> [UInt8] {
        var inflater = Inflater(input: input, limit: limit)
        try inflater.run()
        return inflater.output
    }

    private init(input: [UInt8], limit: Int) {
        self.input = input
        self.limit = limit
    }

    private mutating func bits(_ n: Int) throws(Malformed) -> Int {
        while bitCount < n {
            guard position < input.count else { throw Malformed(reason: "the compressed data ends early") }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(n)) - 1))
        bitBuffer >>= UInt32(n)
        bitCount -= n
        return value
    }

    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        init(lengths: [Int]) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private mutating func decode(_ h: Huffman) throws(Malformed) -> Int {
        var code = 0, first = 0, index = 0
        for length in 1...15 {
            code |= try bits(1)
            let count = h.counts[length]
            if code - count < first { return h.symbols[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw Malformed(reason: "an invalid Huffman code")
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
        115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
        1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11,
        12, 12, 13, 13,
    ]

    private mutating func run() throws(Malformed) {
        var last = 0
        repeat {
            last = try bits(1)
            switch try bits(2) {
            case 0: try stored()
            case 1:
                let fixed = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
                try codes(Huffman(lengths: fixed), Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2: try dynamic()
            default: throw Malformed(reason: "an invalid block type")
            }
        } while last == 0
    }

    private mutating func stored() throws(Malformed) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw Malformed(reason: "the compressed data ends early") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw Malformed(reason: "a stored block's length check fails") }
        position += 4
        guard position + length <= input.count else { throw Malformed(reason: "the compressed data ends early") }
        guard output.count + length <= limit else { throw Malformed(reason: "it inflates beyond \(limit) bytes") }
        output += input[position..<(position + length)]
        position += length
    }

    private mutating func dynamic() throws(Malformed) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Malformed(reason: "too many codes") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeCount { codeLengths[order[i]] = try bits(3) }
        let lengthCode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Malformed(reason: "a repeat with nothing to repeat") }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Malformed(reason: "too many code lengths") }
        try codes(Huffman(lengths: Array(lengths[..<literalCount])), Huffman(lengths: Array(lengths[literalCount...])))
    }

    private mutating func codes(_ literals: Huffman, _ distances: Huffman) throws(Malformed) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                guard output.count < limit else { throw Malformed(reason: "it inflates beyond \(limit) bytes") }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < Inflater.lengthBase.count else { throw Malformed(reason: "an invalid length code") }
            let length = Inflater.lengthBase[index] + (try bits(Inflater.lengthExtra[index]))
            let distanceSymbol = try decode(distances)
            guard distanceSymbol < Inflater.distanceBase.count else {
                throw Malformed(reason: "an invalid distance code")
            }
            let distance = Inflater.distanceBase[distanceSymbol] + (try bits(Inflater.distanceExtra[distanceSymbol]))
            guard distance <= output.count else { throw Malformed(reason: "a distance before the start") }
            guard output.count + length <= limit else { throw Malformed(reason: "it inflates beyond \(limit) bytes") }
            for _ in 0..<length { output.append(output[output.count - distance]) }
        }
    }
}
