import RelopsCore

/// The Kotlin Multiplatform frameworks an Xcode project's run scripts build.
extension BuildFileParser {
    /// `./gradlew :shared:embedAndSignAppleFrameworkForXcode` in a build phase: the KMP module it
    /// builds. A segment named through a variable (`:shared:$MODULE:`, `${MODULE}`, `$(MODULE)`)
    /// takes the value a build setting or the script assigns (`MODULE = umbrella;`,
    /// `MODULE=umbrella`); with none, every module with an iOS target under the segments before it.
    static func kmpFrameworks(in text: String) -> [BuildUnit.Reference] {
        guard ByteSearch.contains("FrameworkForXcode", in: text) else { return [] }
        return captures(
            #":([A-Za-z0-9_:${}()-]+):embedAndSign(?:Apple)?FrameworkForXcode"#, in: text,
            holding: ["FrameworkForXcode"]
        ).map { task in
            var segments: [String] = []
            for segment in task.split(separator: ":").map(String.init) {
                guard segment.hasPrefix("$") else {
                    segments.append(segment)
                    continue
                }
                let name = segment.filter { $0 != "$" && $0 != "{" && $0 != "}" && $0 != "(" && $0 != ")" }
                let assigned = captures(
                    #"(?:^|[\s;"])"# + name + #"\s*=\s*\\?"?([A-Za-z0-9_-]+)"#, in: text, holding: [name]
                ).first
                guard let assigned else { return .appleFrameworkModules(under: segments) }
                segments.append(assigned)
            }
            return .gradleModule(segments, accessor: false)
        }
    }

    /// True when a Gradle build makes a Kotlin/Wasm or Kotlin/JS browser executable: a `wasmJs`
    /// or `js` target with `browser` and `binaries.executable()` (Compose for Web, a Kotlin/JS
    /// site). A library's `wasmJs { browser() }` without an executable builds no app.
    static func kotlinBrowserApp(_ text: String) -> Bool {
        guard ByteSearch.contains("binaries.executable()", in: text), ByteSearch.contains("browser", in: text)
        else { return false }
        return ["wasmJs", "js(IR)", "js {", "js{", "js()"].contains { ByteSearch.contains($0, in: text) }
    }
}
