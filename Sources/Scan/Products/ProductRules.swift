import Git
import RelopsCore

/// What the product graph adds to a classified occurrence: the products that carry it and the
/// platform whose app-link claim it is.
extension Classifier {
    /// The products an occurrence of class `cls` in the file at `path` names: every product that
    /// carries the file for a binary class or `server` (a shared library may ship in an app and
    /// deploy with a server), none for the classes that ship nothing.
    func products(of path: String, class cls: OccurrenceClass, in file: FileClassification) -> [Product] {
        guard cls.isBinary || cls == .server else { return [] }
        if let known = file.products { return known }
        let unique = graph.products(of: path)
        file.products = unique
        return unique
    }

    /// The products a `--dart-define=KEY=` on `line` (its value holding byte `column`) reaches:
    /// those that compile the Dart file whose `String.fromEnvironment('KEY', ...)` it overrides,
    /// narrowed to what the line's `flutter build <target>` builds. Nil when no Dart source under
    /// `lib/` reads the key (then the file's own products stand).
    func dartDefineProducts(_ line: String, column: Int) -> [Product]? {
        guard let key = FlutterDartDefine.dartDefineKey(line, column: column), let read = dartDefaults.read(of: key)
        else { return nil }
        var unique: [Product] = []
        for link in graph.links(of: read.path) where !unique.contains(link.product) { unique.append(link.product) }
        // A target none of them is built for (a head the build files do not show) narrows nothing.
        guard let target = FlutterDartDefine.buildTarget(line), unique.contains(where: target.builds) else {
            return unique
        }
        return unique.filter(target.builds)
    }

    /// `Android` for a `manifestPlaceholders` value of a module whose manifest takes an intent
    /// filter's host from a placeholder; `iOS` for an `.xcconfig` setting an `applinks:` entry
    /// reads; nil otherwise.
    func placeholderClaim(_ reason: String, _ file: FileClassification, line: String) -> Platform? {
        if file.parts.lowerName.hasSuffix(".xcconfig") {
            return xcconfigKey(line).map(buildSettings.isClaim) == true ? .iOS : nil
        }
        guard reason.hasPrefix("`manifestPlaceholders`") else { return nil }
        let folder = folderOf(file.parts.path)
        return buildSettings.manifestTakesHostFromPlaceholder(moduleFolder: folder) ? .android : nil
    }
}

extension LineFacts {
    /// The platform whose app-link claim the match at `column` (1-based, bytes) of `line` is:
    /// `iOS` after `applinks:`, `webcredentials:` or `activitycontinuation:`; `Android` for the
    /// host of an intent filter (`android:host` in a manifest, `DataHost` of an `[IntentFilter]`).
    static func appLinkClaim(_ line: String, column: Int, lowerName: String) -> Platform? {
        ByteSearch.withBytes(of: line) { bytes -> Platform? in
            // The bytes before the match, compared without a lower-cased copy of the line.
            let before = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, max(0, column - 1))])
            func endsWith(_ word: [UInt8]) -> Bool {
                before.count >= word.count
                    && ByteSearch.firstIndex(
                        of: word, in: before, from: before.count - word.count, to: before.count, ignoringCase: true)
                        != nil
            }
            func holds(_ word: [UInt8]) -> Bool {
                ByteSearch.firstIndex(of: word, in: before, from: 0, to: before.count, ignoringCase: true) != nil
            }
            if ClaimWords.applePrefixes.contains(where: endsWith) { return .iOS }
            if lowerName == "androidmanifest.xml" && holds(ClaimWords.androidHost) { return .android }
            if lowerName.hasSuffix(".cs") && holds(ClaimWords.dataHost) { return .android }
            return nil
        }
    }
}

/// The words before a host that make it an app-link claim, as bytes.
private enum ClaimWords {
    static let applePrefixes = ["applinks:", "webcredentials:", "activitycontinuation:"].map { Array($0.utf8) }
    static let androidHost = Array("android:host".utf8)
    static let dataHost = Array("datahost".utf8)
}
