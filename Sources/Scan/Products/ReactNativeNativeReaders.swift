import RelopsCore

/// The native halves of a React Native app: an Android app module that applies
/// `com.facebook.react` (or has a `react { }` block) and an Xcode project with the "Bundle React
/// Native code and images" phase each bundle the Metro project at their JS root.
extension BuildFileParser {
    /// The JS root (a repository path) of an Android app module's `build.gradle(.kts)` at `folder`
    /// that applies `com.facebook.react` or configures `react { }`: its `root = file("...")`
    /// (relative to the module folder), else React Native's default `../..`. nil for any other module.
    static func reactNativeRoot(gradle text: String, folder: String) -> String? {
        let plugin = captures(
            #"(?:\bid\s*\(?\s*|apply\s+plugin\s*:\s*)(["']com\.facebook\.react["'])"#, in: text,
            holding: ["com.facebook.react"])
        let block = captures(#"(?m)^\s*(react)\s*\{"#, in: text, holding: ["react"])
        guard !plugin.isEmpty || !block.isEmpty else { return nil }
        let root = captures(
            #"(?m)^\s*react\s*\{[^}]*?\broot\s*=\s*file\(\s*["']([^"']+)["']"#, in: text, holding: ["root"]
        ).first
        return resolve(root ?? "../..", from: folder)
    }

    /// The JS root of an Xcode project (in `folder`, the folder holding the `.xcodeproj`) with the
    /// "Bundle React Native code and images" phase: `PROJECT_ROOT` set from `$PROJECT_DIR` or
    /// `$SRCROOT` in its script, else the folder above `ios/`. nil without that phase.
    static func reactNativeRoot(pbxproj text: String, folder: String) -> String? {
        guard ByteSearch.contains("Bundle React Native code and images", in: text) else { return nil }
        let set = captures(
            #"PROJECT_ROOT=[\\"]*\$[{(]?(?:PROJECT_DIR|SRCROOT)[)}]?[\\"]*/?([^\s\\";]*)"#, in: text,
            holding: ["PROJECT_ROOT="]
        ).first
        if let set { return resolve(set, from: folder) }
        return resolve("..", from: folder)
    }
}
