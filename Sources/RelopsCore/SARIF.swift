/// A SARIF 2.1.0 log, relops' one builder for code-scanning tools (`scan --format sarif`,
/// `anchors audit --format sarif`): one run of the `relops` driver with its rules and results.
public struct SARIFLog: Sendable {
    /// How serious a result is.
    public enum Level: String, Sendable {
        case note, warning, error
    }

    /// One kind of finding, with the sentence a code-scanning tool shows for it.
    public struct Rule: Sendable {
        public let id: String
        public let description: String

        public init(id: String, description: String) {
            self.id = id
            self.description = description
        }
    }

    /// One finding at a place in a file (lines and columns 1-based; `endColumn` is exclusive).
    public struct Result: Sendable {
        public let ruleID: String
        public let level: Level
        public let message: String
        public let path: String
        public let line: Int
        public let column: Int
        public let endColumn: Int?

        public init(
            ruleID: String, level: Level, message: String, path: String, line: Int, column: Int, endColumn: Int? = nil
        ) {
            self.ruleID = ruleID
            self.level = level
            self.message = message
            self.path = path
            self.line = line
            self.column = column
            self.endColumn = endColumn
        }
    }

    public let toolVersion: String
    public let rules: [Rule]
    public let results: [Result]

    public init(toolVersion: String, rules: [Rule], results: [Result]) {
        self.toolVersion = toolVersion
        self.rules = rules
        self.results = results
    }

    /// The log as JSON, `$schema` and `version` first.
    public var json: JSONValue {
        let driver = JSONValue.object([
            ("name", .string("relops")), ("version", .string(toolVersion)),
            (
                "rules",
                .array(
                    rules.map { rule in
                        .object([
                            ("id", .string(rule.id)),
                            ("shortDescription", .object([("text", .string(rule.description))])),
                        ])
                    })
            ),
        ])
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([.object([("tool", .object([("driver", driver)])), ("results", .array(results.map(\.json)))])])
            ),
        ])
    }
}

extension SARIFLog.Result {
    var json: JSONValue {
        var region: [(String, JSONValue)] = [("startLine", .int(line)), ("startColumn", .int(column))]
        if let endColumn { region.append(("endColumn", .int(endColumn))) }
        let location = JSONValue.object([
            (
                "physicalLocation",
                .object([("artifactLocation", .object([("uri", .string(path))])), ("region", .object(region))])
            )
        ])
        return .object([
            ("ruleId", .string(ruleID)), ("level", .string(level.rawValue)),
            ("message", .object([("text", .string(message))])), ("locations", .array([location])),
        ])
    }
}
