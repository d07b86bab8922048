import RelopsCore

/// A function a Gradle build's own logic (`buildSrc/`, `build-logic/`, an included `plugins/`
/// build) defines on the dependency handler, which a module's `dependencies { }` calls to add
/// modules: `fun DependencyHandlerScope.allLibrariesImpl() { implementation(project(":libraries:x")) }`
/// names them; `fun DependencyHandlerScope.allFeaturesImpl(project: Project) = addAll(project,
/// ":features", ":impl")` adds every module under a path prefix with a last name.
struct GradleDependencyFunction: Sendable, Equatable {
    let name: String
    /// The modules its `project(...)` calls name, as written after the first `:` (`libraries:x`).
    var modules: [String] = []
    /// Without `project(...)` calls: the modules whose Gradle path starts with `prefix` and ends
    /// with `suffix` (its first and last string literals: `":features"`, `":impl"`).
    var prefix: [String] = []
    var suffix: String?
}

enum GradleDependencyFunctions {
    /// True for Kotlin source of a Gradle build's own logic.
    static func isBuildLogicSource(_ path: String) -> Bool {
        guard path.hasSuffix(".kt"), ByteSearch.contains("/src/main/kotlin/", in: path) else { return false }
        let logic: Set<String> = ["buildSrc", "build-logic", "plugins", "gradle-plugins", "convention-plugins"]
        return path.split(separator: "/").contains { logic.contains(String($0)) }
    }

    /// The dependency-handler functions a Kotlin file defines.
    static func read(_ text: String) -> [GradleDependencyFunction] {
        guard ByteSearch.contains("DependencyHandler", in: text),
            let header = regex(#"(?m)^fun\s+[A-Za-z0-9_.]*DependencyHandler(?:Scope)?\.([A-Za-z0-9_]+)\s*\("#)
        else { return [] }
        var found: [GradleDependencyFunction] = []
        let matches = text.matches(of: header)
        for match in matches {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            // Its body: up to the next declaration at the start of a line.
            let rest = text[match.range.upperBound...]
            var end = rest.endIndex
            for keyword in ["\nfun ", "\nprivate ", "\ninternal ", "\npublic ", "\nval ", "\nobject ", "\nclass "] {
                if let next = rest.range(of: keyword), next.lowerBound < end { end = next.lowerBound }
            }
            let body = String(rest[..<end])
            var function = GradleDependencyFunction(name: name)
            function.modules =
                gradleProjectCalls(in: body) ?? captures(gradleProjectCallPattern, in: body, holding: ["project("])
            if function.modules.isEmpty {
                let literals = stringLiterals(body).filter { !$0.isEmpty && !$0.contains("$") }
                guard literals.count >= 2, let last = literals.last else { continue }
                let first = literals.first { $0.hasPrefix(":") } ?? literals[0]
                function.prefix = first.split(separator: ":").map(String.init)
                function.suffix = last.split(separator: ":").last.map(String.init)
                guard !function.prefix.isEmpty, function.suffix != nil else { continue }
            }
            found.append(function)
        }
        return found
    }

    /// The names a script's `dependencies { }` blocks call at the start of a line as `name(` that
    /// are no dependency configuration (`implementation`, `debugApi`, `kapt`, ...): candidates for
    /// the build's own functions.
    static func calls(in script: String) -> [String] {
        let blocks = dependencyBlocks(script)
        guard !blocks.isEmpty else { return [] }
        return blocks.flatMap(callNames)
    }

    /// The text of each `dependencies {` block, braces balanced.
    private static func dependencyBlocks(_ script: String) -> [String] {
        let bytes = Array(script.utf8), opening = Array("dependencies".utf8)
        var blocks: [String] = []
        var at = 0
        while let start = bytes.withUnsafeBufferPointer({
            ByteSearch.firstIndex(of: opening, in: $0, from: at, to: bytes.count, ignoringCase: false)
        }) {
            var k = start + opening.count
            while k < bytes.count && (bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A) { k += 1 }
            at = k
            guard k < bytes.count, bytes[k] == UInt8(ascii: "{") else { continue }
            var depth = 0
            let open = k
            while k < bytes.count {
                if bytes[k] == UInt8(ascii: "{") { depth += 1 }
                if bytes[k] == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { break }
                }
                k += 1
            }
            blocks.append(String(decoding: bytes[open..<min(k + 1, bytes.count)], as: UTF8.self))
            at = k
        }
        return blocks
    }

    private static func callNames(_ script: String) -> [String] {
        let configurations: Set<String> = [
            "implementation", "api", "kapt", "ksp", "compileOnly", "runtimeOnly", "annotationProcessor", "platform",
            "coreLibraryDesugaring", "detektPlugins", "lintChecks", "add", "project", "constraints", "exclude",
            "testFixturesApi", "classpath", "id", "alias", "kotlin", "plugins", "dependencies", "android",
        ]
        return lineCalls(script).filter { name in
            !configurations.contains(name)
                && !["Implementation", "Api", "Only", "Kapt", "Ksp"].contains { name.hasSuffix($0) }
        }
    }
}

extension GradleDependencyFunctions {
    /// The name of each call that starts a line (`  allFeaturesImpl(project)`): white space, a
    /// name of `[a-z][A-Za-z0-9_]*`, white space (line breaks too), `(`; read on the bytes, one pass.
    static func lineCalls(_ script: String) -> [String] {
        let bytes = Array(script.utf8)
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0B || b == 0x0C }
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
        }
        var names: [String] = []
        var at = 0
        while at < bytes.count {
            var k = at
            while k < bytes.count && (isBlank(bytes[k]) || bytes[k] == 0x0A) { k += 1 }
            let start = k
            var matched = false
            if k < bytes.count && bytes[k] >= 0x61 && bytes[k] <= 0x7A {
                while k < bytes.count && isNameByte(bytes[k]) { k += 1 }
                let end = k
                while k < bytes.count && (isBlank(bytes[k]) || bytes[k] == 0x0A) { k += 1 }
                if k < bytes.count && bytes[k] == UInt8(ascii: "(") {
                    names.append(String(decoding: bytes[start..<end], as: UTF8.self))
                    matched = true
                }
            }
            // The next call starts a line: after the `(` of this one, else after the line it tried.
            if !matched { k = start }
            while k < bytes.count && bytes[k] != 0x0A { k += 1 }
            at = k + 1
        }
        return names
    }
}

extension BuildFileParser {
    /// The modules a Gradle script adds by calling its build's dependency functions
    /// (`allFeaturesImpl(project)`), read from the build logic only when the script calls one.
    static func dependencyFunctionReferences(
        _ text: String, conventions: (() -> GradleConventionPlugins)?
    ) -> [BuildUnit.Reference] {
        let called = GradleDependencyFunctions.calls(in: text)
        guard !called.isEmpty, let conventions else { return [] }
        let functions = conventions().dependencyFunctions
        var references: [BuildUnit.Reference] = []
        for name in called {
            guard let function = functions[name] else { continue }
            references += function.modules.map {
                .gradleModule($0.split(separator: ":").map(String.init), accessor: false)
            }
            if let suffix = function.suffix {
                references.append(.gradleModulesMatching(prefix: function.prefix, suffix: suffix))
            }
        }
        return references
    }
}
