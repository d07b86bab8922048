import Scan

/// What still has to happen after the files are rewritten, derived from what changed.
public struct FollowUp: Sendable, Equatable {
    public let title: String
    public let detail: String
}

extension CutoverPlan {
    /// The platforms whose store binaries change: from the rewritten files' paths and rules.
    public var platformsToRebuild: [String] {
        var android = false, ios = false
        for edit in edits where edit.occurrenceClass.isBinary {
            let lower = edit.path.lowercased()
            let segments = lower.split(separator: "/")
            if let shipsTo = kmpSourceSetPlatforms(segments) {
                android = android || shipsTo.android
                ios = ios || shipsTo.ios
                continue
            }
            let isAndroid =
                segments.contains("android") || lower.hasSuffix("androidmanifest.xml") || lower.hasSuffix(".kt")
                || lower.hasSuffix(".java") || lower.contains("/res/values")
            let isIOS =
                segments.contains("ios") || segments.contains("maccatalyst") || lower.hasSuffix(".plist")
                || lower.hasSuffix(".entitlements") || lower.hasSuffix(".swift") || lower.contains(".xcodeproj/")
                || lower.hasSuffix("project.yml")
            if isAndroid { android = true }
            if isIOS { ios = true }
            if !isAndroid && !isIOS {  // shared code or config of a multi-platform project ships in both
                android = true
                ios = true
            }
        }
        return (android ? ["Android"] : []) + (ios ? ["iOS"] : [])
    }

    /// A Kotlin Multiplatform source set's platforms (`src/commonMain` ships to both apps), or nil.
    private func kmpSourceSetPlatforms(_ segments: [Substring]) -> (android: Bool, ios: Bool)? {
        guard let src = segments.firstIndex(of: "src"), src + 1 < segments.count else { return nil }
        switch segments[src + 1] {
        case "commonmain": return (true, true)
        case "androidmain": return (true, false)
        case "iosmain", "applemain", "nativemain": return (false, true)
        default: return nil
        }
    }

    /// The follow-up checklist, in the order that keeps links working.
    public var followUps: [FollowUp] {
        var steps: [FollowUp] = []
        let platforms = platformsToRebuild
        if !redirectURIs.isEmpty {
            let changes = redirectURIs.map { "\($0.new) (was \($0.old), \($0.path):\($0.line))" }
            steps.append(
                FollowUp(
                    title: "Register the new redirect URIs with each identity provider before the switch",
                    detail:
                        "Add " + Array(Set(changes)).sorted().joined(separator: "; ")
                        + ". Keep the old ones registered until the old host stops serving sign-in."))
        }
        steps.append(
            FollowUp(
                title: "Serve the association files on \(to) first",
                detail:
                    "https://\(to)/.well-known/assetlinks.json and https://\(to)/.well-known/apple-app-site-association must answer 200 "
                    + "with the right content before any new binary ships (check with `relops verify --host \(to)`)."))
        let servers = Set(edits.filter { $0.occurrenceClass == .server }.map(\.path)).sorted()
        if !servers.isEmpty {
            steps.append(
                FollowUp(
                    title: "Redeploy the services whose configuration changed",
                    detail: servers.joined(separator: ", ") + " (a deployment, not a store release)."))
        }
        if !platforms.isEmpty {
            let files = Set(edits.filter { $0.occurrenceClass.isBinary }.map(\.path)).sorted()
            steps.append(
                FollowUp(
                    title:
                        "Rebuild and resubmit the \(platforms.joined(separator: " and ")) app\(platforms.count > 1 ? "s" : "")",
                    detail: "The store binary holds the host in " + files.joined(separator: ", ") + "."))
        }
        if !binaryFiles.isEmpty {
            steps.append(
                FollowUp(
                    title: "Regenerate the binary files that hold \(from)",
                    detail: binaryFiles.joined(separator: ", ") + " cannot be rewritten in place."))
        }
        let listings = Set(edits.filter { $0.occurrenceClass == .storeListing }.map(\.path)).sorted()
        if !listings.isEmpty {
            steps.append(
                FollowUp(
                    title: "Update the store listings",
                    detail: listings.joined(separator: ", ")
                        + " ship with the listing: upload them (no new binary needed)."))
        }
        if edits.contains(where: { $0.occurrenceClass == .docs || $0.occurrenceClass == .comment }) {
            steps.append(
                FollowUp(
                    title: "Documentation changed",
                    detail: "Nothing ships from it, but runbooks now verify \(to) instead of \(from)."))
        }
        steps.append(
            FollowUp(
                title: "Keep \(from) serving the association files directly",
                detail:
                    "No redirect: neither Android nor iOS follows one for these files. Keep both files on \(from) until installs "
                    + "of the old binaries have aged out."))
        return steps
    }
}
