internal import CYAML

/// How deep collections may nest: deeper input is refused instead of exhausting the stack.
public let yamlMaximumDepth = 64

/// Parses YAML text with libyaml into `YAMLNode`s. Anchors and aliases are resolved; tags are
/// ignored. An empty document is an empty mapping. Refused, with the position: a second document,
/// a key given twice in one mapping, and collections nested deeper than `yamlMaximumDepth`.
/// Linear in the size of the text.
public func parseYAML(_ text: String) throws(YAMLError) -> YAMLNode {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
        throw YAMLError(message: "yaml_parser_initialize failed", mark: .init(line: 1, column: 1))
    }
    defer { yaml_parser_delete(&parser) }
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) -> YAMLNode in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var reader = EventReader(parser: &parser)
        let node = try reader.readDocument()
        try reader.expectEndOfStream()
        return node
    }
}

private struct EventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    var anchors: [String: YAMLNode] = [:]

    init(parser: UnsafeMutablePointer<yaml_parser_t>) { self.parser = parser }

    struct Event {
        var type: yaml_event_type_t
        var mark: YAMLNode.Mark
        var value: String = ""
        var anchor: String?
    }

    mutating func next() throws(YAMLError) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            let p = parser.pointee
            let problem = p.problem.map { String(cString: $0) } ?? "syntax error"
            let context = p.context.map { String(cString: $0) + ", " } ?? ""
            let mark = YAMLNode.Mark(line: Int(p.problem_mark.line) + 1, column: Int(p.problem_mark.column) + 1)
            throw YAMLError(message: context + problem, mark: mark)
        }
        defer { yaml_event_delete(&event) }
        let mark = YAMLNode.Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        var result = Event(type: event.type, mark: mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            result.value = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
            result.anchor = s.anchor.map { String(cString: $0) }
        case YAML_ALIAS_EVENT:
            result.value = event.data.alias.anchor.map { String(cString: $0) } ?? ""
        case YAML_SEQUENCE_START_EVENT:
            result.anchor = event.data.sequence_start.anchor.map { String(cString: $0) }
        case YAML_MAPPING_START_EVENT:
            result.anchor = event.data.mapping_start.anchor.map { String(cString: $0) }
        default: break
        }
        return result
    }

    mutating func readDocument() throws(YAMLError) -> YAMLNode {
        var event = try next()
        while event.type == YAML_STREAM_START_EVENT || event.type == YAML_DOCUMENT_START_EVENT {
            event = try next()
        }
        if event.type == YAML_STREAM_END_EVENT || event.type == YAML_DOCUMENT_END_EVENT {
            return .mapping([], event.mark)
        }
        return try readNode(startingWith: event, depth: 0)
    }

    /// After the first document: only its end and the end of the stream may follow.
    mutating func expectEndOfStream() throws(YAMLError) {
        while true {
            let event = try next()
            switch event.type {
            case YAML_STREAM_END_EVENT: return
            case YAML_DOCUMENT_END_EVENT: continue
            default:
                throw YAMLError(
                    message: "a second YAML document; only one is read, so none is accepted", mark: event.mark)
            }
        }
    }

    mutating func readNode(startingWith event: Event, depth: Int) throws(YAMLError) -> YAMLNode {
        if event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT, depth >= yamlMaximumDepth
        {
            throw YAMLError(
                message: "collections nested more than \(yamlMaximumDepth) levels deep; refusing to read further",
                mark: event.mark)
        }
        let node: YAMLNode
        switch event.type {
        case YAML_SCALAR_EVENT:
            node = .scalar(event.value, event.mark)
        case YAML_ALIAS_EVENT:
            guard let target = anchors[event.value] else {
                throw YAMLError(message: "unknown alias *\(event.value)", mark: event.mark)
            }
            return target
        case YAML_SEQUENCE_START_EVENT:
            var items: [YAMLNode] = []
            while true {
                let item = try next()
                if item.type == YAML_SEQUENCE_END_EVENT { break }
                items.append(try readNode(startingWith: item, depth: depth + 1))
            }
            node = .sequence(items, event.mark)
        case YAML_MAPPING_START_EVENT:
            var pairs: [(key: String, value: YAMLNode)] = []
            var seen: [String: YAMLNode.Mark] = [:]
            while true {
                let keyEvent = try next()
                if keyEvent.type == YAML_MAPPING_END_EVENT { break }
                let key = try readNode(startingWith: keyEvent, depth: depth + 1)
                guard let keyText = key.string else {
                    throw YAMLError(message: "a mapping key must be a plain value", mark: keyEvent.mark)
                }
                if let first = seen.updateValue(keyEvent.mark, forKey: keyText) {
                    throw YAMLError(
                        message: "this key was already given at \(first); each key may appear once",
                        mark: keyEvent.mark)
                }
                let value = try readNode(startingWith: try next(), depth: depth + 1)
                pairs.append((keyText, value))
            }
            node = .mapping(pairs, event.mark)
        default:
            throw YAMLError(message: "unexpected YAML event", mark: event.mark)
        }
        if let anchor = event.anchor { anchors[anchor] = node }
        return node
    }
}
