import Git
import RelopsCore

extension BuildUnitIndex {
    /// What the shell scripts an Xcode project's run script phases call build into its apps: a
    /// `.sh` file the project names (`"$SRCROOT/../scripts/build-rust.sh"`, `./build-ios.sh`)
    /// is read, and the Cargo packages (`cargo build -p sdk-ffi`), libraries (`libsdk_ffi.a`)
    /// and relative paths (`--manifest-path ../rust/ffi/Cargo.toml`) it names count as the
    /// project's, relative to the script's folder. Only scripts inside the repository are read.
    func scriptReferences(pbxproj bytes: [UInt8], project: BuildUnit.Facts) -> [BuildUnit.Reference] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard ByteSearch.contains("shellScript", in: text), ByteSearch.contains(".sh", in: text) else { return [] }
        var references: [BuildUnit.Reference] = []
        let named = captures(
            #"((?:\$\{?\(?(?:SRCROOT|PROJECT_DIR)\)?\}?/)?[A-Za-z0-9_.\-/]*\.sh)\b"#, in: text, holding: [".sh"])
        var seen = Set<String>()
        for written in named {
            var relative = written
            for prefix in [
                "$SRCROOT/", "${SRCROOT}/", "$(SRCROOT)/", "$PROJECT_DIR/", "${PROJECT_DIR}/", "$(PROJECT_DIR)/",
            ]
            where relative.hasPrefix(prefix) {
                relative = String(relative.dropFirst(prefix.count))
            }
            guard !relative.contains("$"), let path = resolve(relative, from: project.root), !path.isEmpty,
                seen.insert(path).inserted, let script = scriptText(at: path)
            else { continue }
            references += BuildFileParser.nativeReferences(in: script, from: folderOf(path))
        }
        return references
    }

    /// The text of the repository file at `path`, nil when the repository has none.
    private func scriptText(at path: String) -> String? {
        let name = Array(nameOf(path).lowercased().utf8)
        for i in 0..<files.count where files.name(at: i, endsWith: name, wholeName: true) {
            guard files.path(at: i) == path, let bytes = read(i, path) else { continue }
            return String(decoding: bytes, as: UTF8.self)
        }
        return nil
    }
}
