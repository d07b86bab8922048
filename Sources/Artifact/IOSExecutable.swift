extension Entitlements {
    /// The entitlements a Mach-O executable is signed with, read from every slice. `path` is the
    /// executable's path in the archive (`Payload/Name.app/Name`); `source` names it with the
    /// architectures (`Payload/Name.app/Name (arm64, x86_64)`). Nil when no slice is signed with
    /// entitlements. Slices that disagree (in the three values, or one signed and one not) are a
    /// problem naming them: a release should not differ per architecture.
    static func executable(_ bytes: [UInt8], path: String) throws(ArtifactProblem) -> Entitlements? {
        let slices = try MachOSlice.slices(bytes, name: path)
        var read: [(architecture: String, entitlements: Entitlements?)] = []
        for slice in slices {
            let source = "\(path) (\(slice.architecture))"
            let entitlements = try slice.entitlements(name: path).map { plist throws(ArtifactProblem) in
                try Entitlements(plist, source: source)
            }
            read.append((slice.architecture, entitlements))
        }
        guard let first = read.first else { return nil }
        for other in read.dropFirst() where !sameValues(first.entitlements, other.entitlements) {
            throw ArtifactProblem(
                "\(path): the \(first.architecture) and \(other.architecture) slices are signed with different "
                    + "entitlements (\(summary(first.entitlements)) vs \(summary(other.entitlements))); "
                    + "a release should not differ per architecture")
        }
        guard var agreed = first.entitlements else { return nil }
        agreed.source = "\(path) (\(read.map(\.architecture).joined(separator: ", ")))"
        return agreed
    }

    static func sameValues(_ one: Entitlements?, _ other: Entitlements?) -> Bool {
        one?.applicationIdentifier == other?.applicationIdentifier && one?.teamIdentifier == other?.teamIdentifier
            && one?.associatedDomains == other?.associatedDomains && (one == nil) == (other == nil)
    }

    static func summary(_ entitlements: Entitlements?) -> String {
        guard let entitlements else { return "no entitlements" }
        let domains = entitlements.associatedDomains.joined(separator: " ")
        return "application-identifier \(entitlements.applicationIdentifier ?? "none"), team "
            + "\(entitlements.teamIdentifier ?? "none"), associated domains [\(domains)]"
    }
}
