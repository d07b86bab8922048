import Git
import RelopsCore

/// What runs a repository's scripts besides `package.json`: its CI pipelines, Makefiles,
/// Dockerfiles and hosting configs (`vercel.json`, `netlify.toml`). Read on the first question,
/// once, each file once.
final class ScriptRunners {
    private let files: FileList
    private let read: ProjectFileReader
    /// (runner path, its text), in file order.
    private var runners: [(path: String, text: String)]?
    /// (script path, its text) of the scripts that may copy a template: shell scripts, Xcode
    /// projects (their run script phases), `package.json` scripts, Fastfiles, and the runners.
    private var copyScripts: [(path: String, text: String)]?

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.files = files
        self.read = read
    }

    /// The first pipeline, Makefile, Dockerfile or hosting config whose text names `path`.
    func runner(naming path: String) -> String? {
        if runners == nil { runners = collect() }
        return runners?.first { ByteSearch.contains(path, in: $0.text) }?.path
    }

    /// The first script with a line that copies `template` into `real` (both repository paths):
    /// the line names the template's file name, and the real file's name apart from it
    /// (`cp Config/Secrets.xcconfig.template Config/Secrets.xcconfig`).
    func copier(of template: String, into real: String) -> String? {
        if copyScripts == nil { copyScripts = collectCopyScripts() }
        let templateName = nameOf(template), realName = nameOf(real)
        return copyScripts?.first { script in
            guard ByteSearch.contains(templateName, in: script.text) else { return false }
            return script.text.split(separator: "\n").contains { line in
                let line = String(line)
                guard ByteSearch.contains(templateName, in: line) else { return false }
                return ByteSearch.contains(realName, in: line.replacing(templateName, with: ""))
            }
        }?.path
    }

    private func collectCopyScripts() -> [(path: String, text: String)] {
        if runners == nil { runners = collect() }
        var found = runners ?? []
        let names: Set<String> = ["project.pbxproj", "package.json", "fastfile", "podfile"]
        for i in 0..<files.count {
            let path = files.path(at: i)
            let lowerName = nameOf(path).lowercased()
            let script = [".sh", ".bash", ".zsh", ".command"].contains { lowerName.hasSuffix($0) }
            guard script || names.contains(lowerName), !found.contains(where: { $0.path == path }),
                let bytes = read(i, path), bytes.count <= 1 << 20
            else { continue }
            found.append((path, String(decoding: bytes, as: UTF8.self)))
        }
        return found
    }

    private func collect() -> [(path: String, text: String)] {
        var found: [(path: String, text: String)] = []
        for i in 0..<files.count {
            let path = files.path(at: i)
            let lowerName = nameOf(path).lowercased()
            let folders = path.lowercased().split(separator: "/").dropLast().map(String.init)
            let isRunner =
                PathRules.isPipeline(path.lowercased(), lowerName: lowerName, folders: folders)
                || ["makefile", "dockerfile", "vercel.json", "netlify.toml", "procfile", "justfile"].contains(lowerName)
            guard isRunner, let bytes = read(i, path) else { continue }
            found.append((path, String(decoding: bytes, as: UTF8.self)))
        }
        return found
    }
}
