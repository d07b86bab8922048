import RelopsCore

extension ProductGraph {
    /// Every product that `unit` reaches through its referrers (itself when it is one; the search
    /// stops at a product), each once, by its shortest chain; nearest first. Memoised per unit and
    /// worked out depth first without recursion, so the graph costs time linear in its references
    /// (a chain of 2,000 workspace packages is 2,000 steps, not 2,000³). A reference cycle, which
    /// no build tool accepts, is cut where it closes.
    func links(of unit: BuildUnit) -> [ProductLink] {
        if let known = linksByUnit[unit.file] { return known }
        var stack: [(unit: BuildUnit, next: Int)] = [(unit, 0)]
        var onStack: Set<String> = [unit.file]
        while let (current, k) = stack.last {
            if k == 0, let direct = directLinks(of: current) {
                linksByUnit[current.file] = direct
            } else {
                let referrers = index.referrers(of: current)
                if k < referrers.count {
                    stack[stack.count - 1].next = k + 1
                    let referrer = referrers[k]
                    if linksByUnit[referrer.file] == nil && onStack.insert(referrer.file).inserted {
                        stack.append((referrer, 0))
                    }
                    continue
                }
                linksByUnit[current.file] = combined(current, referrers)
            }
            onStack.remove(current.file)
            stack.removeLast()
        }
        return linksByUnit[unit.file] ?? []
    }

    /// A product's own link, none for what no one may reference; nil when the referrers decide.
    private func directLinks(of unit: BuildUnit) -> [ProductLink]? {
        if let product = product(of: unit) {
            // A Compose Multiplatform module can build an Android app, a desktop app and a web app.
            let desktop =
                product.kind == .app && product.platforms == [.android] ? composeDesktopProduct(of: unit) : nil
            let web = composeWebProduct(of: unit).flatMap { $0 == product ? nil : $0 }
            return ([product] + [desktop, web].compactMap { $0 }).map {
                ProductLink(product: $0, path: ChainNode(unit, nil))
            }
        }
        return unit.referenceable ? nil : []
    }

    /// The products the referrers reach, each once by its shortest chain (the first referrer's on a tie).
    private func combined(_ unit: BuildUnit, _ referrers: [BuildUnit]) -> [ProductLink] {
        var best: [Product: (link: ProductLink, order: Int)] = [:]
        var order = 0
        for referrer in referrers {
            for link in linksByUnit[referrer.file] ?? [] {
                order += 1
                if let known = best[link.product], known.link.distance <= link.distance + 1 { continue }
                let extended = ProductLink(product: link.product, path: ChainNode(unit, link.path))
                best[link.product] = (extended, best[link.product]?.order ?? order)
            }
        }
        return best.values.sorted { ($0.link.distance, $0.order) < ($1.link.distance, $1.order) }.map(\.link)
    }
}

extension ShippingChains {
    /// The shortest chain of referrers from `unit` to an app (for KMP source sets, an app of one of
    /// `platforms`), without `unit` itself; nil when no app references it. Memoised per unit and
    /// platform set in `index`, so a long chain of libraries costs time linear in its references.
    func appChain(from unit: BuildUnit, platforms: Set<Platform>?) -> [BuildUnit]? {
        let key = platforms.map { $0.map(\.rawValue).sorted().joined(separator: ",") } ?? "*"
        var best: ChainNode?
        for referrer in index.referrers(of: unit) where referrer.file != unit.file {
            guard let path = index.appPath(from: referrer, platforms: platforms, key: key) else { continue }
            if best == nil || path.count < best!.count { best = path }
        }
        return best?.units
    }
}

extension BuildUnitIndex {
    /// The shortest chain from `unit` (itself included) to an app of `platforms`, memoised under `key`.
    func appPath(from unit: BuildUnit, platforms: Set<Platform>?, key: String) -> ChainNode? {
        func matches(_ u: BuildUnit) -> Bool {
            u.isApp && (platforms.map { !$0.isDisjoint(with: u.platforms) } ?? true)
        }
        if let known = appPaths[key + "\u{0}" + unit.file] { return known }
        var stack: [(unit: BuildUnit, next: Int)] = [(unit, 0)]
        var onStack: Set<String> = [unit.file]
        while let (current, k) = stack.last {
            let slot = key + "\u{0}" + current.file
            if k == 0 && matches(current) {
                appPaths[slot] = .some(ChainNode(current, nil))
            } else {
                let referrers = self.referrers(of: current)
                if k < referrers.count {
                    stack[stack.count - 1].next = k + 1
                    let referrer = referrers[k]
                    if appPaths[key + "\u{0}" + referrer.file] == nil && onStack.insert(referrer.file).inserted {
                        stack.append((referrer, 0))
                    }
                    continue
                }
                var best: ChainNode?
                for referrer in referrers {
                    guard let path = appPaths[key + "\u{0}" + referrer.file] ?? nil else { continue }
                    if best == nil || path.count < best!.count { best = path }
                }
                appPaths[slot] = .some(best.map { ChainNode(current, $0) })
            }
            onStack.remove(current.file)
            stack.removeLast()
        }
        return appPaths[key + "\u{0}" + unit.file] ?? nil
    }
}
