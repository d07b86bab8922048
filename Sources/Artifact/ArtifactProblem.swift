/// Why a release binary (APK, AAB, IPA) or a part of it cannot be read: what is wrong, naming the
/// entry or the byte offset. Every reader in this module throws it; the command turns it into a
/// usage error (exit 2) naming the file.
public struct ArtifactProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line: what is wrong and where.
    public let reason: String

    /// A problem saying `reason`.
    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
