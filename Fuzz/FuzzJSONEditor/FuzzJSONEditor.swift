import Fingerprint

/// libFuzzer entry point: for any input the JSON(C) editor either refuses, or produces text that
/// parses, holds exactly the asked values, and equals the input outside the edited array.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? JSONCDocument(bytes: bytes, path: "fuzz") else { return 0 }
    var paths = [["AppAssociation", "AndroidCertFingerprints"]]
    if let found = firstArrayPath(document.root, []) { paths.append(found) }
    for path in paths {
        guard let array = document.node(at: path), let elements = array.elements else { continue }
        let existing = elements.compactMap(\.string)
        var requests: [[String]] = [["NEW:VALUE"], existing + ["NEW:VALUE"], Array(existing.reversed())]
        if existing.count > 1 { requests.append(Array(existing.dropFirst())) }
        if existing.count > 1 { requests.append(Array(existing.dropLast())) }
        for values in requests where !values.isEmpty {
            guard let out = try? JSONCEditor.setStringArray(document, at: path, to: values) else { continue }
            check(out, against: document, array: array, path: path, values: values)
        }
    }
    return 0
}

func check(_ out: [UInt8], against document: JSONCDocument, array: JSONCNode, path: [String], values: [String]) {
    guard let edited = try? JSONCDocument(bytes: out, path: "edited") else {
        fatalError("the edited text does not parse")
    }
    let result = edited.node(at: path)?.elements?.map { $0.string } ?? []
    var unique: [String] = []
    for value in values where !unique.contains(value) { unique.append(value) }
    guard result.count == unique.count, Set(result.compactMap { $0 }) == Set(unique) else {
        fatalError("the edited array holds \(result), not \(unique)")
    }
    let bytes = document.bytes
    let head = array.range.lowerBound + 1, tail = bytes.count - array.range.upperBound + 1
    guard out.count >= head + tail, out.prefix(head).elementsEqual(bytes.prefix(head)),
        out.suffix(tail).elementsEqual(bytes.suffix(tail))
    else { fatalError("bytes outside the edited array changed") }
}

func firstArrayPath(_ node: JSONCNode, _ path: [String]) -> [String]? {
    for member in node.members ?? [] {
        if member.value.elements != nil { return path + [member.key] }
        if let found = firstArrayPath(member.value, path + [member.key]) { return found }
    }
    return nil
}
