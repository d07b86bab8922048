import RelopsCore

/// How a file outside a mobile project still ships in a store app: a library that an app
/// references (MSBuild `ProjectReference`, Gradle `project(':x')` or `projects.x`, a local Swift
/// package, a KMP framework), a source folder of an XcodeGen or Tuist spec, a shared
/// `Directory.Build.props`. Each rule names the chain (`src/Core/Core.csproj <- src/App/App.csproj`).
struct ShippingChains {
    let index: BuildUnitIndex

    /// A `Directory.Build.props`/`.targets` counts for the projects under its folder.
    func sharedMSBuildFile(_ path: String) -> (OccurrenceClass, String)? {
        let folder = folderOf(path)
        let under = index.all.filter {
            if case .dotNet = $0.kind { return folder.isEmpty || $0.root == folder || $0.root.hasPrefix(folder + "/") }
            return false
        }
        guard !under.isEmpty else { return nil }
        let name = nameOf(path)
        if let app = under.first(where: { $0.facts.isApp }) {
            return (
                .binaryLiteral,
                "\(name) counts for the projects under it: mobile project \(app.file) (its settings ship in the binary)"
            )
        }
        if let library = under.first(where: { appChain(from: $0, platforms: nil) != nil }),
            let chain = appChain(from: library, platforms: nil)
        {
            let links = chainText([library.file] + chain.map { $0.facts.label })
            return (
                .binaryLiteral, "\(name) counts for the projects under it: \(links) (its settings ship in the binary)"
            )
        }
        if under.allSatisfy({ $0.kind == .dotNet(mobile: false, test: true) }) {
            return (.test, "\(name) counts for the projects under it: test projects only")
        }
        return (.server, "\(name) counts for the projects under it: \(under[0].file) (not a mobile project)")
    }
}

/// Source of the libraries an app links or bundles: a Rust crate, a web client.
let librarySourceExtensions = [
    ".rs", ".c", ".cc", ".cpp", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".vue", ".svelte", ".html", ".css",
]
