import Git
import RelopsCore

/// Reads one project file for classification: `index` into the scan's `FileList` and its path.
/// The scan passes one that reads the working tree or the commit's blobs; a test may count reads.
typealias ProjectFileReader = (_ index: Int, _ path: String) -> [UInt8]?

/// The repository's projects as the classifier asks about them (the project that owns a folder,
/// the projects that reference one): a view of `BuildUnitIndex`'s units, so each build file is
/// read and parsed once per scan, by one model. A `.csproj`, an Android Gradle module and an
/// Xcode project are projects; so is a module folder with only a `src/main/AndroidManifest.xml`.
/// Answers are cached per folder. Not thread-safe: one per scan.
final class ProjectIndex {
    private let units: BuildUnitIndex
    /// The folders that hold a path that may define a project (from the path bytes alone): no
    /// other folder's build files are read for a project.
    private let candidateRoots: Set<String>
    /// True when a `.csproj` is among the candidates: only a .NET project can be a test project.
    let hasDotNetProjects: Bool
    private var projectsByRoot: [String: [ProjectModel]] = [:]
    private var ownersByFolder: [String: [ProjectModel]] = [:]
    private var referrers: [ProjectModel]?

    /// The projects among `files` as `units`, the scan's one build model, reads them.
    init(files: FileList, units: BuildUnitIndex) {
        self.units = units
        var roots = Set<String>()
        var dotNet = false
        for i in projectFileCandidates(files) {
            let path = files.path(at: i)
            let lower = path.lowercased()
            if lower.hasSuffix(".csproj") { dotNet = true }
            if let projectFile = xcodeProjectFile(containing: path) {
                roots.insert(folderOf(projectFile))
            } else if lower.hasSuffix("src/main/androidmanifest.xml") {
                roots.insert(String(path.dropLast("src/main/AndroidManifest.xml".count)).trimmingSlashes())
            } else {
                roots.insert(folderOf(path))
            }
        }
        candidateRoots = roots
        hasDotNetProjects = dotNet
    }

    /// The projects of `files`, read through `read` (a build model of its own: for tests).
    convenience init(files: FileList, read: @escaping ProjectFileReader) {
        self.init(files: files, units: BuildUnitIndex(files: files, read: read))
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
    /// `project(':module')`). The first call reads every build file once (references point
    /// upward, so they cannot be found from the referenced side); later calls are lookups.
    func projectsReferencing(_ project: ProjectModel) -> [ProjectModel] {
        if referrers == nil {
            referrers = units.all.compactMap(ProjectModel.init).filter { !$0.references.isEmpty }
        }
        let isGradle = project.file.hasSuffix(".gradle") || project.file.hasSuffix(".gradle.kts")
        return (referrers ?? []).filter { referrer in
            referrer.file != project.file
                && referrer.references.contains { isGradle ? project.isGradleModule($0) : $0 == project.file }
        }
    }

    /// Every project whose root is exactly `root`: its build units that are projects, then a
    /// module's `src/main/AndroidManifest.xml` when no Gradle module there is one.
    private func projects(rootedAt root: String) -> [ProjectModel] {
        if let known = projectsByRoot[root] { return known }
        guard candidateRoots.contains(root) else { return [] }
        var found = units.units(inFolder: root).compactMap(ProjectModel.init)
        if let manifest = units.mainManifest(ofModule: root), !found.contains(where: { $0.kind == .android }) {
            found.append(ProjectModel(root: root, file: manifest, kind: .android, items: []))
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
