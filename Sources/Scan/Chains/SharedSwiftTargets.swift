import RelopsCore

extension ProductGraph {
    /// The apps that build the target holding `path` of a Swift server package `owner` (one whose
    /// executable target runs on Vapor or another server framework): an app that takes a product
    /// of the package (`packageProductDependencies`) whose targets reach that target. The server
    /// is the package's own product; these links are the file's other products.
    func appLinks(ofServerPackageFile path: String, owner: BuildUnit) -> [ProductLink] {
        guard owner.kind == .swiftPackage, owner.deploys != nil, let manifest = owner.swiftManifest,
            let target = manifest.target(holding: owner.relative(path)), target.kind != .test,
            target.kind != .executable
        else { return [] }
        let productNames = Set(manifest.products.map(\.name))
        var found: [ProductLink] = []
        for referrer in index.referrers(of: owner) {
            let taken: [String] = referrer.references.compactMap {
                guard case .named(let name) = $0, name.hasPrefix("swift:") else { return nil }
                let product = String(name.dropFirst("swift:".count))
                return productNames.contains(product) ? product : nil
            }
            guard manifest.closure(of: taken).contains(where: { $0.name == target.name }) else { continue }
            for link in links(of: referrer) where link.product.kind == .app {
                if !found.contains(where: { $0.product == link.product }) {
                    found.append(ProductLink(product: link.product, path: ChainNode(owner, link.path)))
                }
            }
        }
        return found
    }
}
