import LinkedLibraries
import RelopsCore

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

/// What `relops --version` prints: the version, the commit it was built from, then one line per C
/// library.
func versionReport(commit: String) -> String {
    let libraries = linkedLibraries()
    let width = libraries.map(\.name.count).max() ?? 0
    var lines = ["relops \(relopsVersion)", "commit \(commit)"]
    for library in libraries {
        lines.append(
            "  " + library.name + String(repeating: " ", count: width - library.name.count + 2) + library.version)
    }
    return lines.joined(separator: "\n")
}
