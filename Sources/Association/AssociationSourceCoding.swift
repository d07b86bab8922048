/// A document's name as JSON writes it (`assetlinks.json`).
extension WellKnownDocument: Codable {}

/// A source as every `--format json` writes it (`association sources`, `association render`,
/// `fingerprint rotate`, verify's report): `kind`, then the fields of that kind. A settings source
/// also carries `source` (`path#section`), written for readers and not read back.
extension AssociationSource: Codable {
    enum CodingKeys: String, CodingKey {
        case kind, path, line, what, section, source, config, location, body, problem, reason
        case configuredAt = "configured_at"
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(kind.rawValue, forKey: .kind)
        switch self {
        case .staticFile(let path): try object.encode(path, forKey: .path)
        case .code(let path, let line, let what):
            try object.encode(path, forKey: .path)
            try object.encode(line, forKey: .line)
            try object.encode(what, forKey: .what)
        case .settings(let path, let section):
            try object.encode(path, forKey: .path)
            try object.encode(section, forKey: .section)
            try object.encode("\(path)#\(section)", forKey: .source)
        case .nginx(let config, let line, let location, let served):
            try object.encode("\(config):\(line)", forKey: .config)
            try object.encode(location, forKey: .location)
            switch served {
            case .file(let path): try object.encode(path, forKey: .path)
            case .body(let text): try object.encode(text, forKey: .body)
            case .unresolved(let why): try object.encode(why, forKey: .problem)
            }
        case .external(.configured(let location)):
            try object.encode("configured", forKey: .reason)
            try object.encode(location, forKey: .configuredAt)
        case .external(.nothingFound):
            try object.encode("nothing-found", forKey: .reason)
        }
    }

    /// Reads the fields `kind` names; an unknown kind or reason, or an nginx `config` without its
    /// `:LINE`, throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        let kindText = try object.decode(String.self, forKey: .kind)
        switch Kind(rawValue: kindText) {
        case .staticFile: self = .staticFile(path: try object.decode(String.self, forKey: .path))
        case .code:
            self = .code(
                path: try object.decode(String.self, forKey: .path), line: try object.decode(Int.self, forKey: .line),
                what: try object.decode(String.self, forKey: .what))
        case .settings:
            self = .settings(
                path: try object.decode(String.self, forKey: .path),
                section: try object.decode(String.self, forKey: .section))
        case .nginx: self = try Self.nginx(object)
        case .external:
            let reason = try object.decode(String.self, forKey: .reason)
            switch reason {
            case "configured":
                self = .external(.configured(location: try object.decode(String.self, forKey: .configuredAt)))
            case "nothing-found": self = .external(.nothingFound)
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .reason, in: object, debugDescription: "unknown reason `\(reason)`")
            }
        case nil:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: object, debugDescription: "unknown source kind `\(kindText)`")
        }
    }

    /// An nginx source: `config` is `FILE:LINE`; what it serves is `path`, `body` or `problem`.
    static func nginx(_ object: KeyedDecodingContainer<CodingKeys>) throws -> AssociationSource {
        let config = try object.decode(String.self, forKey: .config)
        guard let colon = config.lastIndex(of: ":"), let line = Int(config[config.index(after: colon)...]) else {
            throw DecodingError.dataCorruptedError(
                forKey: .config, in: object, debugDescription: "`\(config)` is not FILE:LINE")
        }
        let served: NginxServed
        if let path = try object.decodeIfPresent(String.self, forKey: .path) {
            served = .file(path: path)
        } else if let body = try object.decodeIfPresent(String.self, forKey: .body) {
            served = .body(body)
        } else {
            served = .unresolved(try object.decode(String.self, forKey: .problem))
        }
        return .nginx(
            config: String(config[..<colon]), line: line, location: try object.decode(String.self, forKey: .location),
            served: served)
    }
}

/// One document and its sources, as `verify --format json` lists them (`document`, `sources`).
extension DocumentSource: Codable {
    enum CodingKeys: String, CodingKey { case document, sources }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(document, forKey: .document)
        try object.encode(sources, forKey: .sources)
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            document: try object.decode(WellKnownDocument.self, forKey: .document),
            sources: try object.decode([AssociationSource].self, forKey: .sources))
    }
}
