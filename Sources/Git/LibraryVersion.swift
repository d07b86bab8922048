internal import CGit2

/// The version of libgit2 relops runs against (`1.5.1`), for `relops --version`.
public func libgit2Version() -> String {
    if let problem = libgit2LoadProblem() { return "not loaded: \(problem.message)" }
    var major: Int32 = 0
    var minor: Int32 = 0
    var revision: Int32 = 0
    _ = git_libgit2_version(&major, &minor, &revision)
    return "\(major).\(minor).\(revision)"
}
