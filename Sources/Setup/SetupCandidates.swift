import Anchors
import Association
import Foundation
import RelopsCore
import Verify

/// How each kind of candidate is gathered from what the readers found.
extension RepositorySetup {
    static func platform(of kind: RepositoryClaims.Claim.Kind) -> Platform { kind == .android ? .android : .iOS }

    /// The claimed hosts, grouped without case. When several are claimed and exactly one is
    /// claimed by every platform that claims any, it comes first and `why` says so.
    static func hostCandidates(_ found: BuildFileClaims, notes: inout [String]) -> (
        candidates: [SetupCandidate], why: String?
    ) {
        var order: [String] = []
        var evidence: [String: [String]] = [:]
        var platforms: [String: [Platform]] = [:]
        for claim in found.claims + found.expoClaims where !claim.host.isEmpty {
            let key = claim.host.lowercased()
            if claim.host.hasPrefix("*.") {
                notes.append("\(claim.location): \(claim.host) is a wildcard claim, not a web host")
                continue
            }
            do { _ = try HostName(claim.host, option: claim.location) } catch {
                notes.append("\(claim.location): \(error.message)")
                continue
            }
            if evidence[key] == nil { order.append(key) }
            let via = found.resolvedFrom[claim.location + " " + claim.host].map { " via \($0)" } ?? ""
            evidence[key, default: []].append("\(claim.location) \(claim.kind.rawValue)\(via)")
            let name = platform(of: claim.kind)
            if !(platforms[key] ?? []).contains(name) { platforms[key, default: []].append(name) }
        }
        let all = Set(platforms.values.flatMap { $0 })
        let everyone = order.filter { Set(platforms[$0] ?? []) == all }
        var ranked = order
        var why: String?
        if order.count > 1, everyone.count == 1, all.count > 1 {
            ranked = everyone + order.filter { $0 != everyone[0] }
            why = "the one host claimed by every platform (\(all.sorted().map(\.flagName).joined(separator: ", ")))"
        }
        let candidates = ranked.map {
            SetupCandidate(value: $0, evidence: evidence[$0] ?? [], platforms: (platforms[$0] ?? []).sorted())
        }
        return (candidates, why)
    }

    /// The ids of `kind`'s apps (team known or not), each with where it came from.
    static func ids(_ apps: [ClaimingApp], _ kind: RepositoryClaims.Claim.Kind, teamKnown: Bool) -> [SetupCandidate] {
        var order: [String] = []
        var evidence: [String: [String]] = [:]
        for app in apps where app.claim.kind == kind && app.teamKnown == teamKnown {
            for id in app.ids {
                if evidence[id] == nil { order.append(id) }
                if !(evidence[id] ?? []).contains(app.origin) { evidence[id, default: []].append(app.origin) }
            }
        }
        return order.map { SetupCandidate(value: $0, evidence: evidence[$0] ?? []) }
    }

    /// The platforms with a claim or an app, each with its first evidence.
    static func platforms(_ claims: [RepositoryClaims.Claim]) -> [SetupPlatform] {
        var out: [SetupPlatform] = []
        for claim in claims where !out.contains(where: { $0.platform == platform(of: claim.kind) }) {
            out.append(SetupPlatform(platform: platform(of: claim.kind), evidence: [claim.location]))
        }
        return out.sorted { $0.platform < $1.platform }
    }

    /// The sources to pick from when a document has several: each one's repository file.
    static func sourceChoices(_ sources: AssociationSources) -> [SetupCandidate] {
        var out: [SetupCandidate] = []
        for entry in sources.documents where entry.sources.count > 1 {
            for source in entry.sources {
                guard let file = source.servedFile ?? source.repositoryFiles.first else { continue }
                if let i = out.firstIndex(where: { $0.value == file }) {
                    out[i] = SetupCandidate(value: file, evidence: out[i].evidence + [source.summary])
                } else {
                    out.append(SetupCandidate(value: file, evidence: ["\(entry.document.rawValue): \(source.summary)"]))
                }
            }
        }
        return out
    }

    /// `path#Section:AndroidCertFingerprints` of the settings section a document is rendered from.
    static func settings(_ sources: AssociationSources) -> SetupCandidate? {
        for entry in sources.documents {
            for case .settings(let path, let section) in entry.sources {
                return SetupCandidate(
                    value: "\(path)#\(section):AndroidCertFingerprints", evidence: ["\(path) \(section) section"])
            }
        }
        return nil
    }

    /// The OAuth callback schemes the heads register, each with where.
    static func schemes(_ oauth: OAuthCallbackLeg) -> [SetupCandidate] {
        var out: [SetupCandidate] = []
        for registration in oauth.registrations {
            let where_ = "\(registration.location) (\(registration.source), \(registration.head.name))"
            if let i = out.firstIndex(where: { $0.value == registration.scheme }) {
                out[i] = SetupCandidate(value: registration.scheme, evidence: out[i].evidence + [where_])
            } else {
                out.append(SetupCandidate(value: registration.scheme, evidence: [where_]))
            }
        }
        return out
    }

    /// Globs of the tracked Markdown documents that hold `path:N` anchors (Anchors' finder): a
    /// folder's `*.md` when two or more of its documents do, else the document itself.
    static func anchorFolders(root: String, paths: [String]) -> [SetupCandidate] {
        var byFolder: [(folder: String, docs: [String], first: String, count: Int)] = []
        for path in paths where path.lowercased().hasSuffix(".md") && !path.contains("node_modules/") {
            guard let bytes = try? RepositoryFile.read(path, in: root, limit: 1 << 20) else { continue }
            // The anchors `anchors audit` checks: a path written, or one the document cited before
            // (`(:137-140)`), in a document that writes at least one; former positions are not.
            let anchors = AnchorFinder.scan(bytes).anchors.filter { $0.path != nil && !$0.isHistorical }
            guard anchors.contains(where: \.pathWritten), let first = anchors.first else { continue }
            let folder = (path as NSString).deletingLastPathComponent
            if let i = byFolder.firstIndex(where: { $0.folder == folder }) {
                byFolder[i].docs.append(path)
                byFolder[i].count += anchors.count
            } else {
                byFolder.append((folder, [path], "\(path):\(first.line)", anchors.count))
            }
        }
        return byFolder.flatMap { entry -> [SetupCandidate] in
            let evidence = "\(entry.count) anchors, the first at \(entry.first)"
            if entry.docs.count >= 2, !entry.folder.isEmpty {
                return [SetupCandidate(value: entry.folder + "/*.md", evidence: [evidence])]
            }
            return entry.docs.map { SetupCandidate(value: $0, evidence: [evidence]) }
        }
    }
}
