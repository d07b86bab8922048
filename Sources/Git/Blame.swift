internal import CGit2

extension Repository {
    /// For each line of the file at `path` (index 0 is line 1), the commit that last wrote it.
    /// With `content`, blames that text (the working-tree version) on top of HEAD's history, and
    /// lines not committed yet are nil; without it, blames the file as HEAD has it. A file HEAD
    /// does not hold yet gives nil for every line of `content`.
    public func blameLines(path: String, content: [UInt8]? = nil) throws(GitError) -> [ObjectID?] {
        var options = git_blame_options()
        try check(git_blame_options_init(&options, UInt32(GIT_BLAME_OPTIONS_VERSION)), "git_blame_options_init")
        var blame: OpaquePointer?
        let code = git_blame_file(&blame, try pointer, path, &options)
        if code == GIT_ENOTFOUND.rawValue || isHeadUnborn {
            guard let content else { return [] }
            return Array(repeating: nil, count: lineCount(content))
        }
        try check(code, "git_blame_file(\(path))")
        defer { git_blame_free(blame) }
        var result = blame
        if let content {
            var buffered: OpaquePointer?
            let code = content.withUnsafeBytes { raw in
                git_blame_buffer(&buffered, blame, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count)
            }
            try check(code, "git_blame_buffer(\(path))")
            result = buffered
        }
        defer { if result != blame { git_blame_free(result) } }
        var lines: [ObjectID?] = []
        for i in 0..<git_blame_get_hunk_count(result) {
            guard let hunk = git_blame_get_hunk_byindex(result, i) else { continue }
            let id = ObjectID(hunk.pointee.final_commit_id)
            let start = Int(hunk.pointee.final_start_line_number)
            while lines.count < start - 1 { lines.append(nil) }
            for _ in 0..<hunk.pointee.lines_in_hunk { lines.append(id.isZero ? nil : id) }
        }
        return lines
    }
}

private func lineCount(_ bytes: [UInt8]) -> Int {
    var n = 0
    for b in bytes where b == 0x0A { n += 1 }
    if let last = bytes.last, last != 0x0A { n += 1 }
    return n
}
