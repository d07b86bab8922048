import RelopsCore

extension CheckOutcome {
    /// For a step `about` some checks (`apple-cdn`; a name also covers `apple-cdn.x`): why each of
    /// them that reached no verdict was skipped, when at least one did not; nil when all of them
    /// reached one, or the command named none of them. Stricter than `skippedReasons(about:)`: one
    /// of them checked does not make up for another skipped.
    func unchecked(about names: [String]) -> [String]? {
        func covered(_ check: String) -> Bool { names.contains { check == $0 || check.hasPrefix($0 + ".") } }
        let reasons = zip(skippedNames, skipped).filter { covered($0.0) }.map { "\($0.0): \($0.1)" }
        return reasons.isEmpty ? nil : reasons
    }
}
