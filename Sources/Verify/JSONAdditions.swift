import RelopsCore

/// What a served document adds to the rendered one, when it holds all of it.
enum JSONAdditions {
    /// The paths and values `live` adds to `rendered`, or nil when `live` lacks something of
    /// `rendered`. Objects may hold extra keys, except an array's items: an extra key there
    /// (`exclude`, `?` in an AASA component) narrows what the item grants, so it is a difference.
    /// Arrays may hold extra items, and the rendered items must appear in the same order (in an
    /// AASA `components` list the first match wins). Scalars must be equal (`1` equals `1.0`).
    static func of(_ live: JSONValue, over rendered: JSONValue, path: String = "$", item: Bool = false)
        -> [String]?
    {
        switch (live, rendered) {
        case let (.object(a), .object(b)):
            if item && Set(a.map(\.0)) != Set(b.map(\.0)) { return nil }
            var out: [String] = []
            for (key, wanted) in b {
                guard let have = a.first(where: { $0.0 == key })?.1,
                    let added = of(have, over: wanted, path: path + "." + key)
                else { return nil }
                out += added
            }
            let keys = Set(b.map(\.0))
            for (key, value) in a where !keys.contains(key) {
                out.append("\(path).\(key) (\(value.rendered(pretty: false).prefixed(120)))")
            }
            return out
        case let (.array(a), .array(b)):
            return items(a, over: b, path: path)
        default:
            return live.differences(from: rendered, path: path, limit: 1).isEmpty ? [] : nil
        }
    }

    /// Matches each rendered item, in order, to the first live item after the previous match that
    /// holds it; live items left over are additions.
    static func items(_ live: [JSONValue], over rendered: [JSONValue], path: String) -> [String]? {
        var out: [String] = []
        var next = 0
        for wanted in rendered {
            var found: (index: Int, added: [String])?
            var i = next
            while i < live.count, found == nil {
                if let added = of(live[i], over: wanted, path: "\(path)[\(i)]", item: true) { found = (i, added) }
                i += 1
            }
            guard let found else { return nil }
            for skipped in next..<found.index { out.append(describe(live[skipped], at: "\(path)[\(skipped)]")) }
            out += found.added
            next = found.index + 1
        }
        for extra in next..<live.count { out.append(describe(live[extra], at: "\(path)[\(extra)]")) }
        return out
    }

    /// An added item, flagged when it is an AASA exclusion: it narrows what the config grants.
    static func describe(_ value: JSONValue, at path: String) -> String {
        let exclusion = value["exclude"] == .bool(true) ? ", an exclusion" : ""
        return "\(path) (\(value.rendered(pretty: false).prefixed(120))\(exclusion))"
    }
}
