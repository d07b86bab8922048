import RelopsCore

/// Why a release binary (APK, AAB, IPA) or a part of it cannot be read: what is wrong, naming the
/// entry or the byte offset. Every reader in this module throws it; the command turns it into a
/// usage error (exit 2) naming the file, or, when relops itself could not check (OpenSSL could
/// not be loaded), into "could not check" (exit 3).
public struct ArtifactProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line: what is wrong and where.
    public let reason: String
    /// `.usage` for a file that is not what it should be; `.couldNotCheck` when relops could not look.
    public let category: FailureCategory

    /// A problem saying `reason`.
    public init(_ reason: String, category: FailureCategory = .usage) {
        self.reason = reason
        self.category = category
    }

    public var description: String { reason }
}
