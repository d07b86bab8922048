import Fingerprint
import Foundation

extension IOSApp {
    /// The largest `Info.plist` or `embedded.mobileprovision` read: both are a few kilobytes.
    static let smallFileLimit = 1 << 20

    /// Reads the app in an IPA: `Payload/<Name>.app/Info.plist`, the main executable's code
    /// signature (every slice of a universal binary, which must agree), and
    /// `embedded.mobileprovision` (its CMS signature not verified). `archive` is the IPA's ZIP.
    /// The main executable is `CFBundleExecutable`, or the bundle's name when that is absent (as
    /// CFBundle finds it). No `.app` bundle or several, a missing `CFBundleIdentifier` or
    /// executable, or any malformed part is an `ArtifactProblem` naming the entry.
    package init(ipa archive: ZipArchive) throws(ArtifactProblem) {
        let bundle = try IOSApp.bundlePath(archive)
        let infoPath = "\(bundle)/Info.plist"
        guard let infoEntry = archive.entry(infoPath) else { throw ArtifactProblem("\(infoPath): not in the IPA") }
        let info = try PropertyListFields(
            PropertyList(try IOSApp.data(archive, infoEntry, limit: "an Info.plist"), name: infoPath), place: infoPath)
        guard let bundleID = try info.string("CFBundleIdentifier") else {
            throw ArtifactProblem("\(infoPath): no CFBundleIdentifier")
        }
        let executableName =
            try info.string("CFBundleExecutable") ?? String(bundle.dropFirst("Payload/".count).dropLast(".app".count))
        guard !executableName.isEmpty, !executableName.contains("/") else {
            throw ArtifactProblem("\(infoPath): CFBundleExecutable \"\(executableName)\" is not a file name")
        }
        let executablePath = "\(bundle)/\(executableName)"
        guard let executable = archive.entry(executablePath) else {
            throw ArtifactProblem("\(executablePath): the main executable is not in the IPA")
        }
        let entitlements = try Entitlements.executable(
            try IOSApp.data(archive, executable, limit: nil), path: executablePath)
        var profile: ProvisioningProfile?
        let profilePath = "\(bundle)/embedded.mobileprovision"
        if let entry = archive.entry(profilePath) {
            profile = try ProvisioningProfile(
                cms: try IOSApp.data(archive, entry, limit: "a provisioning profile"), path: profilePath)
        }
        self.init(
            bundlePath: bundle, bundleID: bundleID, shortVersion: try info.string("CFBundleShortVersionString"),
            buildVersion: try info.string("CFBundleVersion"), urlSchemes: try IOSApp.urlSchemes(info),
            entitlements: entitlements, profile: profile)
    }

    /// Reads the app in an IPA's bytes: the ZIP first (with its zip-bomb caps), then as
    /// `init(ipa:)` with the archive.
    package init(ipa bytes: [UInt8]) throws(ArtifactProblem) {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(bytes)
        } catch {
            // ZipArchive speaks of APKs, its first use; this archive was given as an IPA.
            throw ArtifactProblem(error.reason.replacingOccurrences(of: "not an APK", with: "not an IPA"))
        }
        try self.init(ipa: archive)
    }

    /// The one `Payload/<Name>.app` folder of the archive; none or several is a problem naming
    /// what was found.
    static func bundlePath(_ archive: ZipArchive) throws(ArtifactProblem) -> String {
        var bundles: [String] = []
        for entry in archive.entries where entry.name.hasPrefix("Payload/") {
            let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 3, parts[1].hasSuffix(".app"), parts[1].count > ".app".count else { continue }
            let bundle = "Payload/\(parts[1])"
            if !bundles.contains(bundle) { bundles.append(bundle) }
        }
        switch bundles.count {
        case 1: return bundles[0]
        case 0:
            let payload = archive.entries.filter { $0.name.hasPrefix("Payload/") }.prefix(5).map(\.name)
            throw ArtifactProblem(
                "not an IPA: no Payload/<Name>.app/ bundle"
                    + (payload.isEmpty
                        ? " (no Payload/ folder)" : " (Payload/ holds \(payload.joined(separator: ", ")))"))
        default:
            throw ArtifactProblem(
                "the IPA holds \(bundles.count) app bundles (\(bundles.joined(separator: ", "))), not one")
        }
    }

    /// Every `CFBundleURLTypes[].CFBundleURLSchemes[]`, in order.
    static func urlSchemes(_ info: PropertyListFields) throws(ArtifactProblem) -> [String] {
        guard let types = info.entries["CFBundleURLTypes"] else { return [] }
        guard let list = types.array else { throw ArtifactProblem("\(info.place): CFBundleURLTypes is not an array") }
        var schemes: [String] = []
        for (index, type) in list.enumerated() {
            schemes += try PropertyListFields(type, place: "\(info.place): CFBundleURLTypes[\(index)]")
                .strings("CFBundleURLSchemes")
        }
        return schemes
    }

    static func data(_ archive: ZipArchive, _ entry: ZipArchive.Entry, limit kind: String?) throws(ArtifactProblem)
        -> [UInt8]
    {
        do {
            return try archive.data(entry, limit: kind.map { (IOSApp.smallFileLimit, $0) })
        } catch {
            throw ArtifactProblem(error.reason)
        }
    }
}
