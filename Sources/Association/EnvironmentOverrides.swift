import Fingerprint
import Foundation
import RelopsCore

/// The environment overrides of the served settings file: `appsettings.Production.json` beside
/// `appsettings.json` replaces its values in that environment (.NET configuration), so a
/// placeholder fingerprint there means that environment serves a broken assetlinks.json.
enum EnvironmentOverrides {
    /// A problem for each placeholder the overrides of `target` hold at its key, located by file
    /// and line. An override that does not parse is reported too, since it cannot be checked.
    static func placeholders(of target: ConfigTarget) -> [AssociationProblem] {
        let folder = (target.path as NSString).deletingLastPathComponent
        let base = ((target.path as NSString).lastPathComponent as NSString).deletingPathExtension
        let shownFolder = (target.displayPath as NSString).deletingLastPathComponent
        var problems: [AssociationProblem] = []
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            // No list means no override was checked: say so rather than report a clean folder.
            let shown = shownFolder.isEmpty ? "." : shownFolder
            return [
                AssociationProblem(
                    document: shown, location: "",
                    message: "cannot list the folder, so no environment override was checked")
            ]
        }
        for name in names.sorted() where name.hasPrefix(base + ".") && name.hasSuffix(".json") {
            let environment = String(name.dropFirst(base.count + 1).dropLast(5))
            guard !environment.isEmpty, !environment.contains(".") else { continue }
            let shown = shownFolder.isEmpty ? name : (shownFolder as NSString).appendingPathComponent(name)
            // A regular file only (a FIFO is never waited on), not through a symlink, bounded.
            let bytes: [UInt8]
            do {
                bytes = try RepositoryFile.read(
                    resolved: (folder as NSString).appendingPathComponent(name), named: shown,
                    limit: RepositoryFile.Limit.configuration)
            } catch {
                problems.append(
                    AssociationProblem(
                        document: shown, location: "",
                        message:
                            "the \(environment) environment override cannot be read (\(error.reason)), so it was not checked"
                    ))
                continue
            }
            let document: JSONCDocument
            do {
                document = try JSONCDocument(bytes: Array(bytes), path: shown)
            } catch {
                problems.append(
                    AssociationProblem(
                        document: shown, location: "",
                        message: "the \(environment) environment override does not parse (\(error.message))"))
                continue
            }
            guard let node = document.node(at: target.keyPath) else { continue }
            for item in node.elements ?? [node] {
                guard let text = item.string, FingerprintNormalizer.isPlaceholder(text) else { continue }
                let line = document.location(of: item.range.lowerBound).line
                problems.append(
                    AssociationProblem(
                        document: "\(shown):\(line)", location: "",
                        message: "\(target.key) holds the placeholder \"\(text)\": the \(environment) environment "
                            + "would serve an assetlinks.json that verifies no build"))
            }
        }
        return problems
    }
}
