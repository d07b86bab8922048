import Git
import RelopsCore

/// Reads one project file for classification: `index` into the scan's `FileList` and its path.
/// The scan passes one that reads the working tree or the commit's blobs; a test may count reads.
typealias ProjectFileReader = (_ index: Int, _ path: String) -> [UInt8]?

/// The repository's projects, found from the paths alone and read only when asked about: a
/// question about one folder reads the project files of that folder's nearest project (walking
/// up to the root), and each answer is cached per folder. A scan with three occurrences reads a
/// handful of project files, not every `.csproj` in the repository. Not thread-safe: one per scan.
final class ProjectIndex {
    /// A path that may define a project, grouped by the folder that project would own.
    private enum Candidate {
        case dotNet(Int), gradle(Int), androidManifest(Int), xcode(Int, projectFile: String)
    }

    private let files: FileList
    private let read: ProjectFileReader
    /// Candidates by the root of the project they would define, in file-list order.
    private let candidatesByRoot: [String: [Candidate]]
    private var projectsByRoot: [String: [ProjectModel]] = [:]
    private var ownersByFolder: [String: [ProjectModel]] = [:]
    private var referrers: [ProjectModel]?

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.files = files
        self.read = read
        var byRoot: [String: [Candidate]] = [:]
        var xcodeFiles = Set<String>()
        for i in projectFileCandidates(files) {
            let path = files.path(at: i)
            let lower = path.lowercased()
            if lower.hasSuffix(".csproj") {
                byRoot[folderOf(path), default: []].append(.dotNet(i))
            } else if lower.hasSuffix("build.gradle") || lower.hasSuffix("build.gradle.kts") {
                byRoot[folderOf(path), default: []].append(.gradle(i))
            } else if lower.hasSuffix("src/main/androidmanifest.xml") {
                let root = String(path.dropLast("src/main/AndroidManifest.xml".count)).trimmingSlashes()
                byRoot[root, default: []].append(.androidManifest(i))
            } else if let projectFile = xcodeProjectFile(containing: path) {
                if xcodeFiles.insert(projectFile).inserted {
                    byRoot[folderOf(projectFile), default: []].append(.xcode(i, projectFile: projectFile))
                }
            }
        }
        candidatesByRoot = byRoot
    }

    /// The projects that own `folder` ("" for the repository root): those of the nearest folder,
    /// `folder` itself or an ancestor, that defines at least one project, in file-list order
    /// (several `.csproj` files may share a folder). Empty when no folder up to the root does.
    func owningProjects(ofFolder folder: String) -> [ProjectModel] {
        if let known = ownersByFolder[folder] { return known }
        var owners = projects(rootedAt: folder)
        if owners.isEmpty && !folder.isEmpty && folder != "/" {
            owners = owningProjects(ofFolder: folderOf(folder))
        }
        ownersByFolder[folder] = owners
        return owners
    }

    /// The project that owns the file at `path`: the first of its folder's owning projects.
    func owningProject(of path: String) -> ProjectModel? {
        owningProjects(ofFolder: folderOf(path)).first
    }

    /// The projects that reference `project` directly (.NET `ProjectReference`, Gradle
    /// `project(':module')`). The first call reads every `.csproj` and Gradle build file once
    /// (references point upward, so they cannot be found from the referenced side); later calls
    /// are lookups.
    func projectsReferencing(_ project: ProjectModel) -> [ProjectModel] {
        if referrers == nil {
            for root in candidatesByRoot.keys { _ = projects(rootedAt: root) }
            referrers = candidatesByRoot.keys.sorted().flatMap { projectsByRoot[$0] ?? [] }
                .filter { !$0.references.isEmpty }
        }
        let isGradle = project.file.hasSuffix(".gradle") || project.file.hasSuffix(".gradle.kts")
        return (referrers ?? []).filter { referrer in
            referrer.file != project.file
                && referrer.references.contains { isGradle ? project.isGradleModule($0) : $0 == project.file }
        }
    }

    /// Every project whose root is exactly `root`, reading its candidate files once.
    private func projects(rootedAt root: String) -> [ProjectModel] {
        if let known = projectsByRoot[root] { return known }
        var found: [ProjectModel] = []
        for candidate in candidatesByRoot[root] ?? [] {
            switch candidate {
            case .dotNet(let i):
                let path = files.path(at: i)
                guard let bytes = read(i, path) else { continue }
                found.append(.dotNet(path: path, folder: root, bytes: bytes))
            case .gradle(let i):
                let path = files.path(at: i)
                guard let bytes = read(i, path),
                    let module = ProjectModel.gradle(path: path, folder: root, bytes: bytes)
                else { continue }
                found.append(module)
            case .androidManifest(let i):
                found.append(ProjectModel(root: root, file: files.path(at: i), kind: .android, items: []))
            case .xcode(_, let projectFile):
                found.append(ProjectModel(root: root, file: projectFile, kind: .xcode, items: []))
            }
        }
        projectsByRoot[root] = found
        return found
    }
}

/// The `.xcodeproj` folder that `path` lies in (`App/App.xcodeproj`), or nil.
func xcodeProjectFile(containing path: String) -> String? {
    let utf8 = Array(path.utf8), marker = Array(".xcodeproj/".utf8)
    guard utf8.count > marker.count else { return nil }
    for at in 0...(utf8.count - marker.count) where utf8[at..<at + marker.count].elementsEqual(marker) {
        return String(decoding: utf8[..<(at + marker.count - 1)], as: UTF8.self)
    }
    return nil
}

/// Indexes of paths that may define a project (`.csproj`, `build.gradle[.kts]`,
/// `AndroidManifest.xml`, anything under `.xcodeproj/`), found on the path bytes without
/// decoding every path: the suffixes per path, `.xcodeproj/` in one search of the whole block of
/// paths (a `memchr` for its `.`).
func projectFileCandidates(_ files: FileList) -> [Int] {
    let suffixes = [".csproj", "build.gradle", "build.gradle.kts", "androidmanifest.xml"].map { Array($0.utf8) }
    let xcode = Array(".xcodeproj/".utf8)
    var found: [Int] = []
    files.pathBytes.withUnsafeBufferPointer { bytes in
        // The files under an `.xcodeproj/` folder, in file order (a match never spans two paths:
        // they are separated by NULs).
        var inXcode: [Int] = []
        var at = 0, file = 0
        while let match = ByteSearch.firstIndex(of: xcode, in: bytes, from: at, to: bytes.count) {
            while file + 1 < files.count && Int(files.starts[file + 1]) <= match { file += 1 }
            if inXcode.last != file { inXcode.append(file) }
            at = match + 1
        }
        var nextXcode = 0
        for i in 0..<files.count {
            let start = Int(files.starts[i]), length = files.pathLength(at: i)
            func endsWith(_ suffix: [UInt8]) -> Bool {
                guard length >= suffix.count else { return false }
                let from = start + length - suffix.count
                for (k, c) in suffix.enumerated() where ByteSearch.fold(bytes[from + k]) != c { return false }
                return true
            }
            let underXcode = nextXcode < inXcode.count && inXcode[nextXcode] == i
            if underXcode { nextXcode += 1 }
            if underXcode || suffixes.contains(where: endsWith) { found.append(i) }
        }
    }
    return found
}
