/// Where an anchor's lines are at the target: path and 1-based lines.
public struct AnchorPosition: Sendable, Equatable {
    /// The file, relative to its repository's root.
    public let path: String
    /// The first and last cited line, 1-based.
    public let start: Int
    public let end: Int

    /// A position; `start...end` must be a valid range of lines.
    public init(path: String, start: Int, end: Int) {
        self.path = path
        self.start = start
        self.end = end
    }
}

/// What an audit concluded about one anchor: its status with the data that status carries, so a
/// position exists only where there is one and a confidence only for `changed`.
public enum AnchorVerdict: Sendable, Equatable {
    /// Same path, same lines, same text.
    case ok(AnchorPosition)
    /// Same text at other lines (perhaps in another file); the commits that moved it.
    case moved(AnchorPosition, commits: [AnchorCommit])
    /// The file moved (and perhaps the lines); the text is the same.
    case renamed(AnchorPosition, commits: [AnchorCommit])
    /// The text was edited: the best position, how sure it is (0...1), and whether the diff
    /// rewrote the cited lines one for one where they stand.
    case changed(AnchorPosition, confidence: Double, editedInPlace: Bool, commits: [AnchorCommit])
    /// The text or the file is gone; `path` is the file at the target when it is still there.
    case lost(path: String?, commits: [AnchorCommit])
    /// Wrong already at its base; for a continuation past the end, the files it would fit.
    case invalid(candidates: [String])
    /// Not checked: no such file, several files fit (`candidates`), or a repository nobody mapped.
    case unresolved(candidates: [String], unmappedRepository: String?)
    /// Cites a superseded position on purpose; the repository nobody mapped it points into, if any.
    case historical(unmappedRepository: String?)

    /// Not checked: `historical` when the sentence marks the anchor as a former position, else `unresolved`.
    static func unchecked(historical: Bool, candidates: [String] = [], unmappedRepository: String? = nil)
        -> AnchorVerdict
    {
        historical
            ? .historical(unmappedRepository: unmappedRepository)
            : .unresolved(candidates: candidates, unmappedRepository: unmappedRepository)
    }

    /// The status this verdict reports.
    public var status: AnchorStatus {
        switch self {
        case .ok: return .ok
        case .moved: return .moved
        case .renamed: return .renamed
        case .changed: return .changed
        case .lost: return .lost
        case .invalid: return .invalid
        case .unresolved: return .unresolved
        case .historical: return .historical
        }
    }

    /// The position at the target, for the verdicts that have one.
    public var position: AnchorPosition? {
        switch self {
        case .ok(let p), .moved(let p, _), .renamed(let p, _), .changed(let p, _, _, _): return p
        case .lost, .invalid, .unresolved, .historical: return nil
        }
    }

    /// The first-parent commits that moved, edited, renamed or removed the cited lines.
    public var commits: [AnchorCommit] {
        switch self {
        case .moved(_, let c), .renamed(_, let c), .changed(_, _, _, let c), .lost(_, let c): return c
        case .ok, .invalid, .unresolved, .historical: return []
        }
    }

    /// Candidate paths of an ambiguous name or of an invalid continuation.
    public var candidates: [String] {
        switch self {
        case .invalid(let c), .unresolved(let c, _): return c
        default: return []
        }
    }

    /// The repository nobody mapped that the anchor points into, if any.
    public var unmappedRepository: String? {
        switch self {
        case .unresolved(_, let name), .historical(let name): return name
        default: return nil
        }
    }
}
