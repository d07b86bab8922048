import Foundation
import RelopsCore

/// The team an Xcode build configuration gets from its base configuration file (`.xcconfig`) and the
/// files it `#include`s, when the project's own settings name none: a Flutter or React Native app
/// often sets `DEVELOPMENT_TEAM` only in `Release.xcconfig` or a file it includes.
extension BuildFileReader {
    /// The deepest `#include` chain followed: real projects nest two or three levels.
    static let xcconfigIncludeDepth = 8

    /// The team of the XCBuildConfiguration whose text before `buildSettings = {` is `header`, from
    /// the `.xcconfig` its `baseConfigurationReference` names (found by file name among the
    /// tracked files under `base`, the folder that holds the `.xcodeproj`; several of that name
    /// are ambiguous and give none).
    func xcconfigTeam(header: Substring, base: String) -> (team: String, location: String)? {
        guard
            let match = BuiltInRegex(#"baseConfigurationReference\s*=\s*\w+\s*/\*\s*([^*]+?\.xcconfig)\s*\*/"#)
                .first(in: String(header))
        else { return nil }
        let name = "/" + match.value
        let candidates = paths.filter { $0.hasPrefix(base) && ("/" + $0).hasSuffix(name) }
        guard candidates.count == 1 else { return nil }
        var visited: Set<String> = []
        let found = team(inXCConfig: candidates[0], depth: 0, visited: &visited)
        return found.conditional ?? found.plain
    }

    /// The last `DEVELOPMENT_TEAM` assignment of `path` and its includes, in the order xcconfig
    /// reads them (a later line wins), split into a device-build conditional one
    /// (`[sdk=iphoneos*]`) and a plain one.
    func team(inXCConfig path: String, depth: Int, visited: inout Set<String>)
        -> (plain: (team: String, location: String)?, conditional: (team: String, location: String)?)
    {
        var plain: (team: String, location: String)?
        var conditional: (team: String, location: String)?
        guard depth <= Self.xcconfigIncludeDepth, visited.insert(path).inserted, let text = text(path) else {
            return (nil, nil)
        }
        let assignment = BuiltInRegex(#"^\s*DEVELOPMENT_TEAM((?:\[[^\]\n]*\])*)\s*=\s*"?([A-Z0-9]{10})"?\s*(?://.*)?$"#)
        let include = BuiltInRegex(#"^\s*#include\??\s*"([^"\n]+)""#)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if let included = include.first(in: line)?.value {
                let target = Self.normalized(Self.folder(of: path) + included)
                let inner = team(inXCConfig: target, depth: depth + 1, visited: &visited)
                plain = inner.plain ?? plain
                conditional = inner.conditional ?? conditional
                continue
            }
            guard let match = assignment.matches(in: line).first,
                let conditions = Range(match.range(at: 1), in: line), let value = Range(match.range(at: 2), in: line)
            else { continue }
            let found = (String(line[value]), "DEVELOPMENT_TEAM, \(path):\(index + 1)")
            let condition = String(line[conditions])
            if condition.isEmpty {
                plain = found
            } else if Self.isDeviceBuild(condition) {
                conditional = found
            }
        }
        return (plain, conditional)
    }

    /// `a/b/../c` as `a/c`: an include's path relative to the including file's folder.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else if part != "." {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
