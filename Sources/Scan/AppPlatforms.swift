import Git
import RelopsCore

/// An app the repository's build files build, as the scan's build model reads them: its
/// platforms and the build file that says so.
public struct BuiltApp: Sendable, Equatable {
    public let platforms: [Platform]
    public let file: String
    public let description: String
}

/// Every app the build files of the repository's tracked files build (working tree content):
/// what a runbook's `when: android` and `when: ios` ask, read by the same rules as `scan`.
public func builtApps(_ project: Project) throws(Failure) -> [BuiltApp] {
    let files: FileList
    do { files = try project.repository.indexFiles() } catch {
        throw Failure(.couldNotCheck, "\(project.root): \(error.description)")
    }
    let source = FileSource.workingTree(project.root)
    let classifier = Classifier(
        files: files, config: project.config,
        read: source.projectFileReader(files, project.repository, refused: ProjectFileRefusals()))
    var apps: [BuiltApp] = []
    for unit in classifier.chains.index.all {
        guard let product = classifier.graph.product(of: unit), product.kind == .app,
            !apps.contains(where: { $0.file == product.file })
        else { continue }
        apps.append(BuiltApp(platforms: product.platforms, file: product.file, description: product.description))
    }
    return apps.sorted { $0.file < $1.file }
}
