import Git
import RelopsCore

/// What the product graph adds to a classified occurrence: the products that carry it and the
/// platform whose app-link claim it is.
extension Classifier {
    /// The products an occurrence of class `cls` in the file at `path` names: every product that
    /// carries the file for a binary class or `server` (a shared library may ship in an app and
    /// deploy with a server), none for the classes that ship nothing.
    func products(of path: String, class cls: OccurrenceClass, in file: inout FileClassification) -> [Product] {
        guard cls.isBinary || cls == .server else { return [] }
        let links = file.links ?? graph.links(of: path)
        file.links = links
        var unique: [Product] = []
        for p in links.map(\.product) where !unique.contains(p) { unique.append(p) }
        return unique
    }

    /// `Android` for a `manifestPlaceholders` value of a module whose manifest takes an intent
    /// filter's host from a placeholder; `iOS` for an `.xcconfig` setting an `applinks:` entry
    /// reads; nil otherwise.
    func placeholderClaim(_ reason: String, _ file: FileClassification, line: String) -> String? {
        if file.parts.lowerName.hasSuffix(".xcconfig") {
            return xcconfigKey(line).map(buildSettings.isClaim) == true ? "iOS" : nil
        }
        guard reason.hasPrefix("`manifestPlaceholders`") else { return nil }
        let folder = folderOf(file.parts.path)
        return buildSettings.manifestTakesHostFromPlaceholder(moduleFolder: folder) ? "Android" : nil
    }
}

extension LineFacts {
    /// The platform whose app-link claim the match at `column` (1-based, bytes) of `line` is:
    /// `iOS` after `applinks:`, `webcredentials:` or `activitycontinuation:`; `Android` for the
    /// host of an intent filter (`android:host` in a manifest, `DataHost` of an `[IntentFilter]`).
    static func appLinkClaim(_ line: String, column: Int, lowerName: String) -> String? {
        let before = String(decoding: line.utf8.prefix(max(0, column - 1)), as: UTF8.self).lowercased()
        if ["applinks:", "webcredentials:", "activitycontinuation:"].contains(where: { before.hasSuffix($0) }) {
            return "iOS"
        }
        if lowerName == "androidmanifest.xml" && before.contains("android:host") { return "Android" }
        if lowerName.hasSuffix(".cs") && before.contains("datahost") { return "Android" }
        return nil
    }
}
