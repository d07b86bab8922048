import RelopsCore

extension ProductGraph {
    /// Every product that `unit` reaches through its referrers (itself when it is one; the search
    /// stops at a product), each once, by its shortest chain; nearest first. Memoised per unit and
    /// worked out depth first without recursion, so the graph costs time linear in its references
    /// (a chain of 2,000 workspace packages is 2,000 steps, not 2,000³). A reference cycle, which
    /// no build tool accepts, is cut where it closes, the same whichever unit is asked first
    /// (`BuildUnitIndex.overReferrers`).
    func links(of unit: BuildUnit) -> [ProductLink] {
        index.overReferrers(
            of: unit, walk: "products", slot: { $0.file }, known: { self.linksByUnit[$0] },
            remember: { self.linksByUnit[$0] = $1 }, own: directLinks, combine: combined) ?? []
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

    /// The products the referrers reach (`links` gives each referrer's), each once by its shortest
    /// chain (the first referrer's on a tie).
    private func combined(
        _ unit: BuildUnit, _ referrers: [BuildUnit], _ links: (BuildUnit) -> [ProductLink]?
    ) -> [ProductLink] {
        // Each product's place in `best`, so a link costs one lookup (a library can reach a hundred
        // servers); both made at the size of every referrer's links, so neither grows as it fills.
        let referrerLinks = referrers.map { links($0) ?? [] }
        let most = referrerLinks.reduce(0) { $0 + $1.count }
        var place = [Product: Int](minimumCapacity: most)
        var best: [(link: ProductLink, order: Int)] = []
        best.reserveCapacity(most)
        var order = 0
        for referrerLink in referrerLinks {
            for link in referrerLink {
                order += 1
                let known = place[link.product]
                if let known, best[known].link.distance <= link.distance + 1 { continue }
                let extended = ProductLink(product: link.product, path: ChainNode(unit, link.path))
                if let known {
                    best[known].link = extended
                } else {
                    place[link.product] = best.count
                    best.append((extended, order))
                }
            }
        }
        return best.sorted { ($0.link.distance, $0.order) < ($1.link.distance, $1.order) }.map(\.link)
    }
}

extension ShippingChains {
    /// The shortest chain of referrers from `unit` to an app (for KMP source sets, an app of one of
    /// `platforms`), without `unit` itself; nil when no app references it. Memoised per unit and
    /// platform set in `index` (every file of a library asks, and a library can have a hundred
    /// referrers), so a long chain of libraries costs time linear in its references.
    func appChain(from unit: BuildUnit, platforms: Set<Platform>?) -> [BuildUnit]? {
        let key = platforms.map { $0.map(\.rawValue).sorted().joined(separator: ",") } ?? "*"
        let slot = key + "\u{0}" + unit.file
        if let known = index.appChains[slot] { return known }
        var best: ChainNode?
        for referrer in index.referrers(of: unit) where referrer.file != unit.file {
            guard let path = index.appPath(from: referrer, platforms: platforms, key: key) else { continue }
            if best == nil || path.count < best!.count { best = path }
        }
        index.appChains[slot] = .some(best?.units)
        return best?.units
    }
}

extension BuildUnitIndex {
    /// The shortest chain from `unit` (itself included) to an app of `platforms`, memoised under `key`.
    func appPath(from unit: BuildUnit, platforms: Set<Platform>?, key: String) -> ChainNode? {
        let found = overReferrers(
            of: unit, walk: "apps\u{0}" + key, slot: { key + "\u{0}" + $0.file }, known: { self.appPaths[$0] },
            remember: { self.appPaths[$0] = $1 },
            own: { u -> ChainNode?? in
                u.isApp && (platforms.map { !$0.isDisjoint(with: u.platforms) } ?? true)
                    ? .some(ChainNode(u, nil)) : nil
            },
            combine: { current, referrers, path in
                var best: ChainNode?
                for referrer in referrers {
                    guard let path = path(referrer) ?? nil else { continue }
                    if best == nil || path.count < best!.count { best = path }
                }
                return best.map { ChainNode(current, $0) }
            })
        return found ?? nil
    }

    /// The value of `unit` worked out over the units that reference it, depth first without
    /// recursion: `own` gives a unit's value when its referrers do not matter (nil when they do),
    /// `combine` makes it from its referrers' values. Values are remembered under `slot` through
    /// `known` and `remember`.
    ///
    /// A reference cycle (no build tool accepts one, but a repository can hold one) is cut where it
    /// closes, so a unit worked out inside a cycle lacks what comes through the unit that closes
    /// it: such a value serves the call that made it and is never remembered; the unit asked about
    /// has every product its referrers lead to. Before a `walk` first needs referrers (and so every
    /// build file), every unit on a cycle is asked about in path order, so what is remembered never
    /// depends on which file the scan's workers (in no fixed order) classified first.
    func overReferrers<Value>(
        of unit: BuildUnit, walk: String, slot: (BuildUnit) -> String, known: (String) -> Value?,
        remember: (String, Value) -> Void, own: (BuildUnit) -> Value?,
        combine: (BuildUnit, [BuildUnit], (BuildUnit) -> Value?) -> Value
    ) -> Value? {
        let rootSlot = slot(unit)
        if let value = known(rootSlot) { return value }
        if let value = own(unit) {
            remember(rootSlot, value)
            return value  // its referrers do not matter: no build file is read for them
        }
        if settledWalks.insert(walk).inserted {
            for member in cycleMembers {
                _ = walkReferrers(of: member, slot: slot, known: known, remember: remember, own: own, combine: combine)
            }
            if let value = known(rootSlot) { return value }
        }
        return walkReferrers(
            of: unit, slot: slot, known: known, remember: remember, own: own, combine: combine, askingRoot: false)
    }

    /// The walk of `overReferrers`; `askingRoot` false when `own` already said nil for `unit`.
    private func walkReferrers<Value>(
        of unit: BuildUnit, slot: (BuildUnit) -> String, known: (String) -> Value?,
        remember: (String, Value) -> Void, own: (BuildUnit) -> Value?,
        combine: (BuildUnit, [BuildUnit], (BuildUnit) -> Value?) -> Value, askingRoot: Bool = true
    ) -> Value? {
        let rootSlot = slot(unit)
        if let value = known(rootSlot) { return value }
        // Each unit being worked out, with its next referrer and whether a cycle cut its value short.
        var frames: [(unit: BuildUnit, slot: String, next: Int, cut: Bool)] = [(unit, rootSlot, 0, false)]
        var onStack: Set<String> = [rootSlot]
        var thisCallOnly: [String: Value] = [:]
        let value = { (u: BuildUnit) -> Value? in
            let s = slot(u)
            return known(s) ?? thisCallOnly[s]
        }
        while let frame = frames.last {
            let top = frames.count - 1
            var result = frame.next == 0 && (top > 0 || askingRoot) ? own(frame.unit) : nil
            if result == nil {
                let referrers = self.referrers(of: frame.unit)
                if frame.next < referrers.count {
                    frames[top].next += 1
                    let next = slot(referrers[frame.next])
                    if onStack.contains(next) {
                        frames[top].cut = frames[top].cut || next != frame.slot  // a cycle closes here
                    } else if known(next) == nil {
                        if thisCallOnly[next] != nil {
                            frames[top].cut = true  // worked out short in this call: so is this unit
                        } else {
                            onStack.insert(next)
                            frames.append((referrers[frame.next], next, 0, false))
                        }
                    }
                    continue
                }
                result = combine(frame.unit, referrers, value)
            }
            frames.removeLast()
            onStack.remove(frame.slot)
            guard let result else { continue }
            if frame.cut && top > 0 {
                thisCallOnly[frame.slot] = result
                frames[top - 1].cut = true
            } else {
                remember(frame.slot, result)
            }
        }
        return known(rootSlot)
    }

    /// The units that lie on a reference cycle, in path order (Tarjan's strongly connected
    /// components over the referrers, without recursion).
    private var cycleMembers: [BuildUnit] {
        if let cycleMembersMemo { return cycleMembersMemo }
        var number: [String: Int] = [:], low: [String: Int] = [:]
        var component: [BuildUnit] = [], inComponent: Set<String> = []
        var members: [BuildUnit] = []
        for start in all where number[start.file] == nil {
            var frames: [(unit: BuildUnit, next: Int)] = [(start, 0)]
            number[start.file] = number.count
            low[start.file] = number[start.file]
            component.append(start)
            inComponent.insert(start.file)
            while let (current, k) = frames.last {
                let referrers = self.referrers(of: current)
                if k < referrers.count {
                    frames[frames.count - 1].next = k + 1
                    let next = referrers[k]
                    if number[next.file] == nil {
                        number[next.file] = number.count
                        low[next.file] = number[next.file]
                        component.append(next)
                        inComponent.insert(next.file)
                        frames.append((next, 0))
                    } else if inComponent.contains(next.file) {
                        low[current.file] = min(low[current.file, default: 0], number[next.file, default: 0])
                    }
                    continue
                }
                frames.removeLast()
                let lowest = low[current.file, default: 0]
                if let parent = frames.last { low[parent.unit.file] = min(low[parent.unit.file, default: 0], lowest) }
                guard lowest == number[current.file] else { continue }
                // `current` roots a component: it and the units above it on the component stack.
                var popped: [BuildUnit] = []
                while let unit = component.popLast() {
                    inComponent.remove(unit.file)
                    popped.append(unit)
                    if unit.file == current.file { break }
                }
                if popped.count > 1 { members += popped }
            }
        }
        let sorted = members.sorted { $0.file < $1.file }
        cycleMembersMemo = sorted
        return sorted
    }
}
