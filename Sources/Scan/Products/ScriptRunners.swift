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

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.files = files
        self.read = read
    }

    /// The first pipeline, Makefile, Dockerfile or hosting config whose text names `path`.
    func runner(naming path: String) -> String? {
        if runners == nil { runners = collect() }
        return runners?.first { ByteSearch.contains(path, in: $0.text) }?.path
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
