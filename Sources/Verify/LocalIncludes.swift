import Association
import Foundation
import RelopsCore

/// An assetlinks.json `include`d by a document this repository serves as a static file, read from
/// the same site folder: what `--local` stands in for the included URL, so the statements that
/// arrive through an include count there as they do live.
public struct LocalInclude: Sendable, Equatable {
    /// The file in the repository: `site/public/.well-known/more.json`.
    public let path: String
    /// Its text.
    public let text: String
}

extension VerifyOptions {
    /// With `--local`, the files the served static assetlinks.json includes (and they include, at
    /// most `Verifier.maxIncludeDepth` levels and `Verifier.maxIncludedFiles` files) when their URL
    /// is on the checked host and names a tracked file of the same site folder. Anything else is
    /// left to the live check, and `--local` says so.
    mutating func readLocalIncludes(_ project: Project, tracked: Set<String>) {
        guard local, var documents = expectedDocuments, let text = documents.assetLinksText,
            let entry = documentSources.first(where: { $0.document == .assetLinks }), entry.sources.count == 1,
            case .staticFile(let path) = entry.sources[0], path.hasSuffix(".well-known/assetlinks.json")
        else { return }
        let site = String(path.dropLast(".well-known/assetlinks.json".count))
        var level: [(text: String, depth: Int)] = [(text, 0)]
        var seen: Set<String> = []
        while let (text, depth) = level.popLast() {
            guard depth < Verifier.maxIncludeDepth,
                let json = try? AssociationJSON.parse(Array(text.utf8), document: path).value
            else { continue }
            for statement in AssetLinksDocument(json: json).statements {
                guard let url = statement.include, seen.count < Verifier.maxIncludedFiles,
                    seen.insert(url).inserted, let relative = sitePath(of: url), tracked.contains(site + relative),
                    let bytes = try? ServedFile.read(site + relative, root: project.root)
                else { continue }
                let included = String(decoding: bytes, as: UTF8.self)
                documents.includedFiles[url] = LocalInclude(path: site + relative, text: included)
                level.append((included, depth + 1))
            }
        }
        expectedDocuments = documents
    }

    /// The path of `url` below the site's root (`.well-known/more.json`) when it is an https URL of
    /// the checked host with a plain path (no `.` or `..` segment, no escapes, no query); else nil.
    func sitePath(of url: String) -> String? {
        let prefix = "https://"
        guard url.lowercased().hasPrefix(prefix) else { return nil }
        let rest = url.dropFirst(prefix.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let authority = rest[..<slash].lowercased()
        let name = host.name
        guard authority == name || authority == host.description || authority == name + ":443" else { return nil }
        let path = rest[rest.index(after: slash)...]
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.contains(where: { "%?#\\".contains($0) }),
            segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else { return nil }
        return String(path)
    }
}

extension ExpectedDocuments {
    /// The statements of the served assetlinks.json `root` and of every file it includes that
    /// `includedFiles` holds (what Android would read), and whether some include was not read.
    func expandedAssetLinks(_ root: JSONValue) -> (statements: [AssetLinksDocument.Statement], unresolved: Bool) {
        var statements: [AssetLinksDocument.Statement] = []
        var unresolved = false
        var pending = [root]
        var seen: Set<String> = []
        while let json = pending.popLast() {
            for statement in AssetLinksDocument(json: json).statements {
                guard let url = statement.include else {
                    statements.append(statement)
                    continue
                }
                guard seen.insert(url).inserted else { continue }
                guard let included = includedFiles[url],
                    let value = try? AssociationJSON.parse(Array(included.text.utf8), document: included.path).value
                else {
                    unresolved = true
                    continue
                }
                pending.append(value)
            }
        }
        return (statements, unresolved)
    }
}

extension ExpectedDocuments {
    /// A served document's problems, less "no statement grants handle_all_urls" for an
    /// assetlinks.json with `include` statements: the grant may arrive through an include, and the
    /// grant check reads the included files (live, or from the repository with `--local`).
    static func problemsInEffect(_ document: SourcedDocument) -> [AssociationProblem] {
        guard document.document == .assetLinks, let text = document.text,
            let json = try? AssociationJSON.parse(Array(text.utf8), document: "assetlinks.json").value,
            AssetLinksDocument(json: json).statements.contains(where: { $0.include != nil })
        else { return document.problems }
        let grant = "no statement grants \(AssetLinksDocument.handleAllURLs) to an android_app target"
        return document.problems.filter {
            !$0.message.hasPrefix(grant) && !$0.message.hasPrefix("no statement grants it to the package")
        }
    }
}
