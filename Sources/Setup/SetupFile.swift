import RelopsCore

/// The commented `.relops.yml` `relops init` writes: every value double-quoted, followed by
/// `# from path:line`; candidates not taken, the platforms, the document sources and the OAuth
/// schemes as comments. `ProjectConfig.parse` reads it back (the command checks before writing).
extension RepositorySetup {
    /// The file's text. Open choices are written as comments (the command asks or stops first).
    public var fileText: String {
        var lines = [
            "# .relops.yml written by `relops init` from the build files; each value says where it was read.",
            "# " + Self.notRead + ".",
        ]
        for note in notes { lines.append("# note: " + Self.oneLine(note)) }
        lines.append("app:")
        lines += choiceLines(webHost, name: "web_host", indent: "  ")
        lines += platformLines()
        lines += androidLines()
        lines += iosLines()
        for source in documentSources { lines.append("  # source of " + Self.oneLine(source)) }
        lines += choiceLines(association, name: "association", indent: "  ")
        if association.chosen == nil, servedElsewhere {
            lines.append(
                "  # association: external  # nothing in this repository serves the documents; say so if another team does"
            )
        }
        lines += oauthLines()
        if !anchorDocs.isEmpty {
            lines.append("anchors:")
            lines.append("  docs:")
            lines += anchorDocs.map {
                "    - \(Self.quoted($0.value))  # from \(Self.oneLine($0.evidence.joined(separator: "; ")))"
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func choiceLines(_ choice: SetupChoice, name: String, indent: String) -> [String] {
        var out: [String] = []
        for candidate in choice.candidates where candidate.value != choice.chosen {
            out.append(
                "\(indent)# candidate \(name): \(candidate.value): \(Self.oneLine(candidate.evidence.joined(separator: "; ")))"
            )
        }
        if let chosen = choice.chosen {
            let evidence = choice.candidates.first { $0.value == chosen }?.evidence.joined(separator: "; ")
            let from = evidence.map { "from \(Self.oneLine($0)) (\(choice.reason))" } ?? "from \(choice.reason)"
            out.append("\(indent)\(name): \(Self.quoted(chosen))  # \(from)")
        } else if choice.candidates.isEmpty, name == "web_host" {
            out.append("\(indent)# web_host: none claimed in the build files; set it (relops scan and verify need it)")
        }
        return out
    }

    /// `platforms: [android, ios]`, each with where it was read: verify and the runbooks take them
    /// as given instead of finding them again.
    func platformLines() -> [String] {
        guard !platforms.isEmpty else {
            return ["  # platforms: [android, ios]  # no build file claims a host; say which apps ship"]
        }
        let names = platforms.map { Self.quoted($0.value) }.joined(separator: ", ")
        let evidence = platforms.map { "\($0.value) from \($0.evidence.joined(separator: ", "))" }
        return ["  platforms: [\(names)]  # \(Self.oneLine(evidence.joined(separator: "; ")))"]
    }

    func androidLines() -> [String] {
        guard androidPackage.chosen != nil || settingsFingerprints != nil || !androidPackage.candidates.isEmpty else {
            return []
        }
        var out = ["  android:"]
        out += choiceLines(androidPackage, name: "package", indent: "    ")
        if let fingerprints = settingsFingerprints {
            out.append(
                "    fingerprints: \(Self.quoted(fingerprints.value))  # from \(Self.oneLine(fingerprints.evidence.joined(separator: "; ")))"
            )
        }
        return out
    }

    func iosLines() -> [String] {
        guard !appleAppIDs.isEmpty || !bundleIDsWithoutTeam.isEmpty else { return [] }
        var out = ["  ios:"]
        for bundle in bundleIDsWithoutTeam {
            out.append(
                "    # app id TEAMID.\(bundle.value): no team id found (from \(Self.oneLine(bundle.evidence.joined(separator: "; "))))"
            )
        }
        guard !appleAppIDs.isEmpty else {
            out.append("    # app_ids: [\"TEAMID.\(bundleIDsWithoutTeam[0].value)\"]  # put the team id in front")
            return out
        }
        out.append("    app_ids:")
        for id in appleAppIDs {
            out.append("      - \(Self.quoted(id.value))  # from \(Self.oneLine(id.evidence.joined(separator: "; ")))")
        }
        return out
    }

    func oauthLines() -> [String] {
        guard !oauthSchemes.isEmpty || oauthAllowlist != nil else { return [] }
        var out: [String] = []
        for scheme in oauthSchemes {
            out.append(
                "  # OAuth callback scheme \(scheme.value): from \(Self.oneLine(scheme.evidence.joined(separator: "; ")))"
            )
        }
        if let allowlist = oauthAllowlist {
            out.append("  oauth:")
            out.append(
                "    allowlist: \(Self.quoted(allowlist.value))  # from \(Self.oneLine(allowlist.evidence.joined(separator: "; ")))"
            )
        } else {
            out.append("  # oauth:")
            out.append("  #   allowlist: external  # no allowlist in this repository; say so if another one holds it")
        }
        return out
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\x" + String(scalar.value, radix: 16).leftPadded(2)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Text for a comment: one line, no control characters.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
