import RelopsCore

// The rules for web framework sites (Next.js, Nuxt, SvelteKit, Astro, Vite): their folder of
// static files is served as is, and scripts that nothing runs are named.

/// A Next.js site for the examples.
private let nextSiteExample: (String, String) = (
    "package.json",
    #"{ "name": "site", "scripts": { "build": "next build", "sitemap": "node scripts/sitemap.mjs" }, "dependencies": { "next": "15.0.0" } }"#
)

/// A file under a web framework site's `public/` (`static/` for SvelteKit): served whatever its extension.
struct WebFrameworkStaticFile: PathRule {
    static let id = "web.static-file"
    static let description =
        "a file under a Next.js, Nuxt, Astro or Vite site's `public/` (SvelteKit `static/`) is served as is"
    static let classes: [OccurrenceClass] = [.server, .binaryLiteral]
    static let example = RuleExample(
        [nextSiteExample, ("public/.well-known/security.txt", "Contact: https://app.example.com/security\n")],
        at: "public/.well-known/security.txt")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let (site, framework) = webSite(of: file, inFolderNamed: ["public", "static"]) else { return nil }
        let staticRoot = (site.root.isEmpty ? "" : site.root + "/") + framework.staticFolder + "/"
        guard file.path.hasPrefix(staticRoot) else { return nil }
        let url = "/" + file.path.dropFirst(staticRoot.count)
        if case .library = site.kind {
            // A Vite client: its `public/` is copied into the bundle that apps embed, if any do.
            let apps = file.classifier.graph.links(of: site).map(\.product).filter { $0.kind == .app }
            if !apps.isEmpty {
                return (
                    .binaryLiteral,
                    "copied as is from `\(framework.staticFolder)/` into the \(framework.name) bundle of \(site.file), which \(apps.map(\.label).joined(separator: ", ")) embed"
                )
            }
        }
        return (
            .server,
            "served as is at \(url) by the \(framework.name) site \(site.file) (`\(framework.staticFolder)/`): deployed with the site, not a store release"
        )
    }
}

/// A script under a web framework site's `scripts/`: `build` when a `package.json` script runs
/// it, else a hand-run script no build, deploy or `package.json` script runs.
struct WebFrameworkScript: PathRule {
    static let id = "web.script"
    static let description =
        "a site's `scripts/` file is build tooling when a package.json script runs it; else a hand-run script"
    static let classes: [OccurrenceClass] = [.build, .other]
    static let example = RuleExample(
        [nextSiteExample, ("scripts/sitemap.mjs", #"const base = "https://app.example.com";"#)],
        at: "scripts/sitemap.mjs")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let (site, _) = webSite(of: file, inFolderNamed: ["scripts"]) else { return nil }
        let scripts = (site.root.isEmpty ? "" : site.root + "/") + "scripts/"
        guard file.path.hasPrefix(scripts) else { return nil }
        let relative = String(file.path.dropFirst(site.root.isEmpty ? 0 : site.root.count + 1))
        if ByteSearch.contains(relative, in: site.npm.scriptText) {
            return (.build, "run by a script of \(site.file) (`\(relative)`): used while building or deploying")
        }
        if let runner = file.classifier.scriptRunners.runner(naming: relative) {
            return (.build, "run by \(runner) (`\(relative)`): used while building or deploying, ships nothing")
        }
        // A rule that read every runner and found none places it: `other` with why, not `unknown`.
        return (
            .other,
            "a hand-run script: no script of \(site.file), pipeline or Makefile runs `\(relative)`; check where it runs"
        )
    }
}

/// The web framework site whose folder holds `file`, and its framework; only for a file in a
/// folder named `folder` (`public`, `scripts`), so other files read no `package.json`.
func webSite(of file: PathContext, inFolderNamed folders: Set<String>) -> (
    BuildUnit, (package: String, name: String, staticFolder: String)
)? {
    guard file.folders.contains(where: { folders.contains($0) }) else { return nil }
    for unit in file.index.units(named: "package.json", enclosing: folderOf(file.path)) {
        if let name = unit.npm.webFramework, let framework = webFrameworks.first(where: { $0.name == name }) {
            return (unit, framework)
        }
    }
    return nil
}

/// A page of a Jekyll site: GitHub Pages builds the folder that holds `_config.yml` (often
/// `docs/`, with the privacy policy a store listing links to) and serves it. Served, not docs.
struct JekyllSiteFile: PathRule {
    static let id = "site.jekyll"
    static let description =
        "a page of a Jekyll site (a folder with `_config.yml`, as GitHub Pages serves `docs/`) is served, not documentation"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(
        [
            ("docs/_config.yml", "title: Shop\ntheme: jekyll-theme-minimal\n"),
            ("docs/privacy.md", "Contact us at https://app.example.com/support\n"),
        ], at: "docs/privacy.md")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let site = file.owner, site.isJekyllSite else { return nil }
        return (
            .server,
            "served by the Jekyll site \(site.file) (GitHub Pages builds `\(site.root.isEmpty ? "." : site.root)/`): changes when the site is published, not with a store release"
        )
    }
}
