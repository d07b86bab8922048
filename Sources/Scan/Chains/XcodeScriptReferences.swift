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
        let named = Self.shellScriptPaths(in: bytes)
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
                seen.insert(path).inserted, let script = repositoryText(at: path)
            else { continue }
            references += BuildFileParser.nativeReferences(in: script, from: folderOf(path))
        }
        return references
    }

    /// The text of the repository file at `path`, nil when the repository has none.
    func repositoryText(at path: String) -> String? {
        let name = Array(nameOf(path).lowercased().utf8)
        for i in 0..<files.count where files.name(at: i, endsWith: name, wholeName: true) {
            guard files.path(at: i) == path, let bytes = read(i, path) else { continue }
            return String(decoding: bytes, as: UTF8.self)
        }
        return nil
    }

    /// Each `.sh` path written in `bytes`: an optional `$SRCROOT/` (`${SRCROOT}/`, `$(PROJECT_DIR)/`,
    /// ...), then `[A-Za-z0-9_.-/]*` up to the last `.sh` of that run that ends a word (Unicode's
    /// word boundary, as the regular expression it replaces had); one pass.
    static func shellScriptPaths(in bytes: [UInt8]) -> [String] {
        func isPath(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2E
                || b == 0x2D || b == 0x2F
        }
        func isWord(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
        }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        // Unicode's word boundary: none before a word byte, nor before `.`, `:` or `'` that joins
        // two letters (`run.sh.bak` is one word, so `run.sh` there is no script).
        func endsWord(_ e: Int) -> Bool {
            guard e < bytes.count else { return true }
            let b = bytes[e]
            if isWord(b) { return false }
            let joins = b == 0x2E || b == 0x3A || b == 0x27
            return !(joins && e + 1 < bytes.count && isLetter(bytes[e + 1]))
        }
        var found: [String] = []
        var i = 0
        while i < bytes.count {
            let start = i
            var j = i
            if bytes[i] == UInt8(ascii: "$") {
                guard let after = Self.projectFolderPrefix(bytes, at: i) else {
                    i += 1
                    continue
                }
                j = after
            } else if !isPath(bytes[i]) {
                i += 1
                continue
            }
            var k = j
            while k < bytes.count && isPath(bytes[k]) { k += 1 }
            var end = -1
            var e = j + 3
            while e <= k {
                if bytes[e - 3] == 0x2E && bytes[e - 2] == 0x73 && bytes[e - 1] == 0x68 && endsWord(e) {
                    end = e
                }
                e += 1
            }
            if end >= 0 {
                found.append(String(decoding: bytes[start..<end], as: UTF8.self))
                i = end
            } else {
                i = max(k, i + 1)
            }
        }
        return found
    }

    /// Where the path after `$SRCROOT/`, `${SRCROOT}/`, `$(SRCROOT)/` (or `PROJECT_DIR`) at `at`
    /// starts; nil when no such prefix stands there.
    private static func projectFolderPrefix(_ bytes: [UInt8], at: Int) -> Int? {
        var k = at + 1
        func skip(_ byte: Unicode.Scalar) { if k < bytes.count && bytes[k] == UInt8(ascii: byte) { k += 1 } }
        skip("{")
        skip("(")
        let name = ["SRCROOT", "PROJECT_DIR"].first { word in
            k + word.utf8.count <= bytes.count && bytes[k..<(k + word.utf8.count)].elementsEqual(word.utf8)
        }
        guard let name else { return nil }
        k += name.utf8.count
        skip(")")
        skip("}")
        guard k < bytes.count, bytes[k] == UInt8(ascii: "/") else { return nil }
        return k + 1
    }
}
