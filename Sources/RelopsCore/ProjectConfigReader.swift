import YAML

/// Reads the YAML tree of a `.relops.yml` into a `ProjectConfig`: one reader per section, each
/// naming every key it accepts; any other key is refused with its position. Linear in the number
/// of keys. Messages quote a key or value only when it is short and plain (`shown`), so a file
/// that is not a configuration is never echoed.
struct ConfigReader {
    let path: String

    func fail(_ node: YAMLNode, _ message: String) -> Failure {
        Failure(.badInput, "\(path):\(node.mark.line):\(node.mark.column): \(message)")
    }

    /// The pairs of a mapping (an empty value counts as an empty mapping).
    func pairs(_ node: YAMLNode, _ name: String) throws(Failure) -> [(key: String, value: YAMLNode)] {
        if case .scalar("", _) = node { return [] }
        guard let pairs = node.pairs else { throw fail(node, "`\(name)` must be a mapping") }
        return pairs
    }

    func unknown(_ key: String, in name: String, at node: YAMLNode, known: [String]) -> Failure {
        let hint = closest(key, in: known).map { " (did you mean `\($0)`?)" } ?? ""
        let full = name.isEmpty ? shown(key) : "\(name).\(shown(key))"
        return fail(node, "unknown key `\(full)`\(hint); known keys: \(known.joined(separator: ", "))")
    }

    func string(_ node: YAMLNode, _ name: String) throws(Failure) -> String {
        guard let s = node.string else { throw fail(node, "`\(name)` must be a single value") }
        return s
    }

    func strings(_ node: YAMLNode, _ name: String) throws(Failure) -> [String] {
        if let s = node.string { return s.isEmpty ? [] : [s] }
        guard let items = node.items else { throw fail(node, "`\(name)` must be a list") }
        var out: [String] = []
        for item in items { out.append(try string(item, name + "[]")) }
        return out
    }

    /// A host name, with an optional `:port` (a local test server's, from 1 to 65535): a number
    /// (`1234`, `1.5`), an address, a URL or anything that is not a host name is refused.
    func host(_ node: YAMLNode, _ name: String) throws(Failure) -> WebHost {
        let text = try string(node, name)
        let host: WebHost
        do { host = try WebHost(text, option: name) } catch { throw fail(node, error.message) }
        if Double(text) != nil || (host.name.split(separator: ".").last ?? "").allSatisfy(\.isNumber) {
            throw fail(node, "`\(name)` must be a host name such as app.example.com, not a number or address")
        }
        return host
    }

    func read(_ root: YAMLNode) throws(Failure) -> ProjectConfig {
        var config = ProjectConfig()
        for (key, value) in try pairs(root, ".relops.yml") {
            switch key {
            case "app": try readApp(value, into: &config)
            case "classify": config.classify = try readClassify(value)
            case "anchors": try readAnchors(value, into: &config)
            case "vars": config.vars = try readVars(value)
            case "cutover": config.cutoverExclude = try readCutover(value)
            default:
                throw unknown(key, in: "", at: value, known: ["app", "classify", "anchors", "cutover", "vars"])
            }
        }
        return config
    }

    func readApp(_ node: YAMLNode, into config: inout ProjectConfig) throws(Failure) {
        for (key, value) in try pairs(node, "app") {
            switch key {
            case "web_host": config.webHost = try host(value, "app.web_host")
            case "platforms":
                let words = try strings(value, "app.platforms").joined(separator: ",")
                do {
                    config.platforms = try Platform.parse(
                        list: words, option: "app.platforms", known: [.android, .iOS])
                } catch {
                    throw fail(value, error.message)
                }
            case "android": try readAndroid(value, into: &config)
            case "ios": try readIOS(value, into: &config)
            case "oauth": try readOAuth(value, into: &config)
            case "association":
                try readAssociation(value, into: &config)
            default:
                throw unknown(
                    key, in: "app", at: value,
                    known: ["web_host", "platforms", "android", "ios", "oauth", "association"])
            }
        }
    }

    /// `auto`, `external`, or the repository path of the source to use when a document has several
    /// (`site/public/.well-known/assetlinks.json`, `Web/appsettings.json`, `deploy/nginx.conf`).
    func readAssociation(_ node: YAMLNode, into config: inout ProjectConfig) throws(Failure) {
        let text = try string(node, "app.association")
        let modes = ProjectConfig.AssociationMode.allCases.map(\.rawValue)
        config.associationLine = node.mark.line
        if let mode = ProjectConfig.AssociationMode(rawValue: text) {
            config.association = mode
            return
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let isPath =
            (text.contains("/") || text.contains(".")) && !text.hasPrefix("/")
            && !parts.contains { $0.isEmpty || $0 == ".." || $0 == "." }
            && !text.unicodeScalars.contains { $0.value < 0x20 || $0 == " " }
        guard isPath else {
            let hint = closest(text, in: modes).map { " (did you mean `\($0)`?)" } ?? ""
            throw fail(
                node,
                "`app.association` is `\(shown(text))`\(hint); use one of \(modes.joined(separator: ", ")), or the "
                    + "repository path of the file that is served")
        }
        config.associationPath = text
    }

    func readOAuth(_ node: YAMLNode, into config: inout ProjectConfig) throws(Failure) {
        for (key, value) in try pairs(node, "app.oauth") {
            switch key {
            case "allowlist": config.oauthAllowlist = try string(value, "app.oauth.allowlist")
            default: throw unknown(key, in: "app.oauth", at: value, known: ["allowlist"])
            }
        }
    }

    func readAndroid(_ node: YAMLNode, into config: inout ProjectConfig) throws(Failure) {
        for (key, value) in try pairs(node, "app.android") {
            switch key {
            case "package": config.androidPackage = try string(value, "app.android.package")
            case "fingerprints": config.androidFingerprints = try string(value, "app.android.fingerprints")
            default: throw unknown(key, in: "app.android", at: value, known: ["package", "fingerprints"])
            }
        }
    }

    func readIOS(_ node: YAMLNode, into config: inout ProjectConfig) throws(Failure) {
        for (key, value) in try pairs(node, "app.ios") {
            switch key {
            case "app_ids": config.iosAppIDs = try strings(value, "app.ios.app_ids")
            case "paths": config.iosPaths = try strings(value, "app.ios.paths")
            default: throw unknown(key, in: "app.ios", at: value, known: ["app_ids", "paths"])
            }
        }
    }

    func readClassify(_ node: YAMLNode) throws(Failure) -> [ProjectConfig.ClassifyRule] {
        guard let items = node.items else { throw fail(node, "`classify` must be a list of {glob, class}") }
        var rules: [ProjectConfig.ClassifyRule] = []
        for item in items {
            var glob: String?
            var occurrenceClass: OccurrenceClass?
            for (key, value) in try pairs(item, "classify[]") {
                switch key {
                case "glob": glob = try string(value, "classify[].glob")
                case "class":
                    let name = try string(value, "classify[].class")
                    guard let cls = OccurrenceClass(rawValue: name), ProjectConfig.classifiable.contains(cls) else {
                        let hint = closest(name, in: ProjectConfig.classNames).map { " (did you mean `\($0)`?)" } ?? ""
                        let why =
                            name == OccurrenceClass.unknown.rawValue
                            ? ": `unknown` is what a classify rule settles, not a class it gives" : ""
                        throw fail(
                            value,
                            "unknown class `\(shown(name))`\(hint)\(why); use one of "
                                + ProjectConfig.classNames.joined(separator: ", "))
                    }
                    occurrenceClass = cls
                default: throw unknown(key, in: "classify[]", at: value, known: ["glob", "class"])
                }
            }
            guard let glob, let occurrenceClass else {
                throw fail(item, "a `classify` rule needs both `glob` and `class`")
            }
            rules.append(.init(glob: Glob(glob), occurrenceClass: occurrenceClass, line: item.mark.line))
        }
        return rules
    }

    func readAnchors(_ node: YAMLNode, into config: inout ProjectConfig) throws(Failure) {
        for (key, value) in try pairs(node, "anchors") {
            switch key {
            case "docs": config.anchorDocs = try strings(value, "anchors.docs")
            case "repos":
                // Free-form: each key is an anchor prefix, each value a checkout's path.
                config.anchorRepos = []
                for (prefix, path) in try pairs(value, "anchors.repos") {
                    config.anchorRepos.append((prefix, try string(path, "anchors.repos.\(shown(prefix))")))
                }
            case "code": config.anchorCode = try string(value, "anchors.code")
            default: throw unknown(key, in: "anchors", at: value, known: ["docs", "repos", "code"])
            }
        }
    }

    /// `cutover.exclude`: a list of `PATH`, `GLOB` or `PATH:LINE` entries; a bad one is refused at
    /// its position, naming the key and the entry.
    func readCutover(_ node: YAMLNode) throws(Failure) -> [CutoverExclusion] {
        var exclusions: [CutoverExclusion] = []
        for (key, value) in try pairs(node, "cutover") {
            switch key {
            case "exclude":
                if case .scalar("", _) = value { continue }  // `exclude:` with nothing: none
                let items = value.string.map { _ in [value] } ?? value.items
                guard let items else {
                    throw fail(value, "`cutover.exclude` must be a list of paths, globs or PATH:LINE")
                }
                for item in items {
                    let entry = try string(item, "cutover.exclude[]")
                    do { exclusions.append(try CutoverExclusion(entry)) } catch {
                        throw fail(item, "`cutover.exclude` entry `\(shown(entry))`: \(error.message)")
                    }
                }
            default: throw unknown(key, in: "cutover", at: value, known: ["exclude"])
            }
        }
        return exclusions
    }

    /// Free-form: each key is a runbook variable's name.
    func readVars(_ node: YAMLNode) throws(Failure) -> [(name: String, value: String)] {
        var vars: [(name: String, value: String)] = []
        for (name, value) in try pairs(node, "vars") { vars.append((name, try string(value, "vars.\(shown(name))"))) }
        return vars
    }
}

/// `text` when it is short, printable ASCII without backticks; otherwise only its length, so an
/// error never copies a line of a file that is not a configuration (a secret, say) to the screen.
func shown(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F && $0 != "`" }
    return plain && text.count <= 40 ? text : "(\(text.unicodeScalars.count) characters)"
}
