/// The git commit relops was built from. `make release` (and so `make install` and `make deb`)
/// stamps it into a generated `BuildStamp.swift` beside this file for the length of the build; a
/// plain `swift build` says it does not know. Only the executable is rebuilt when the commit changes.
let relopsCommit: String = {
    #if RELOPS_BUILD_STAMP
        return BuildStamp.commit
    #else
        return "unknown (not built by make)"
    #endif
}()
