extension ScanResult {
    /// The same result with only the occurrences `isKept` keeps (counts, JSON and `--expect`
    /// follow); related hosts, names that are not the host, binary files and problems stay as they are.
    public func keeping(_ isKept: (HostOccurrence) -> Bool) -> ScanResult {
        ScanResult(
            hosts: hosts, occurrences: occurrences.filter(isKept), related: related, notHost: notHost,
            binaryFiles: binaryFiles,
            problems: problems, filesScanned: filesScanned, symlinks: symlinks)
    }
}
