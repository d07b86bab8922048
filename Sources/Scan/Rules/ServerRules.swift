import RelopsCore

// The rules for what servers and sites carry, and for .NET projects that are not apps.

/// A .NET console app (`OutputType` `Exe`, no web or worker SDK): deployed only when a server
/// references it or a Dockerfile builds or runs it, else a tool.
struct DotNetConsoleApp: PathRule {
    static let id = "dotnet.console-app"
    static let description = "a .NET console app is deployed when a server or Dockerfile takes it, else a tool"
    static let classes: [OccurrenceClass] = [.server, .other]
    static let example = RuleExample(
        [
            (
                "Tool/Tool.csproj",
                #"<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><OutputType>Exe</OutputType><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>"#
            ),
            ("Tool/Program.cs", #"var host = "app.example.com";"#),
        ], at: "Tool/Program.cs")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.project, project.kind == .server, let owner = file.owner, owner.file == project.file,
            owner.dotNet.consoleApp
        else { return nil }
        let classifier = file.classifier
        if let served = classifier.deployedOnly(file.path) { return served }
        let projectFile = project.file
        let name = String(nameOf(projectFile).dropLast(".csproj".count))
        if let dockerfile = classifier.buildSettings.dockerfile(naming: [nameOf(projectFile), name + ".dll"]) {
            return (
                .server,
                "in console app \(projectFile), which \(dockerfile) builds or runs: deployed with it, not a store release"
            )
        }
        return (
            .other,
            "in console app \(projectFile) (`OutputType` `Exe`, no web or worker SDK), which no server references and no Dockerfile builds or runs: a tool, not a deployed service; check where it runs"
        )
    }
}

/// A .NET class library: deployed with the servers that reference it, else with nothing known.
struct DotNetClassLibrary: PathRule {
    static let id = "dotnet.class-library"
    static let description =
        "a .NET class library deploys with the servers that reference it; else check where it ships"
    static let classes: [OccurrenceClass] = [.server, .other]
    static let example = RuleExample(
        [
            (
                "Lib/Lib.csproj",
                #"<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>"#
            ),
            ("Lib/Links.cs", #"const string Host = "app.example.com";"#),
        ], at: "Lib/Links.cs")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.project, project.kind == .server, let owner = file.owner, owner.file == project.file,
            owner.referenceable, owner.deploys == nil
        else { return nil }
        if let served = file.classifier.deployedOnly(file.path) { return served }
        return (
            .other,
            "in class library \(project.file), which no app, server or site that the build files show references: check where it ships"
        )
    }
}

/// A .NET server project (ASP.NET Core, a worker).
struct DotNetServerProject: PathRule {
    static let id = "dotnet.server-project"
    static let description = "a file of a .NET server project is deployed with the service"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(
        [
            (
                "Api/Api.csproj",
                #"<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>"#
            ),
            ("Api/Program.cs", #"var origin = "https://app.example.com";"#),
        ], at: "Api/Program.cs")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.project, project.kind == .server else { return nil }
        return (.server, "in server project \(project.file): deployed with the service, not a store release")
    }
}

/// A file under a Gradle module's `src/main/resources/` (Maven's layout too), when only servers
/// carry the module: the build packages it into the server's jar, documents included (terms a
/// server hands out, templates, seed data).
struct ServerPackagedResource: PathRule {
    static let id = "jvm.server-resource"
    static let description =
        "a file under `src/main/resources/` of a module only servers carry is packaged into the server, documents too"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(
        [
            ("backend/build.gradle.kts", "plugins { id(\"io.ktor.plugin\") version \"3.0.0\" }\n"),
            ("backend/src/main/resources/documents/terms.md", "See https://app.example.com/terms\n"),
        ], at: "backend/src/main/resources/documents/terms.md")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, case .gradle = owner.kind else { return nil }
        let relative = owner.relative(file.path)
        guard relative.hasPrefix("src/main/resources/"), let carried = file.classifier.deployedOnly(file.path)
        else { return nil }
        return (carried.0, "packaged from `src/main/resources/` of \(owner.file); " + carried.1)
    }
}

/// A file that only servers or sites carry (the product graph's links), with the chain.
struct CarriedByServersOnly: PathRule {
    static let id = "product.server-only"
    static let description = "a file that only servers or sites carry is deployed with them"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(
        [
            ("settings.gradle", "include ':server', ':core'\n"),
            (
                "server/build.gradle",
                "plugins { id 'org.springframework.boot' }\ndependencies { implementation project(':core') }\n"
            ),
            ("core/build.gradle", "plugins { id 'java-library' }\n"),
            ("core/src/main/java/Api.java", #"class Api { String host = "app.example.com"; }"#),
        ], at: "core/src/main/java/Api.java")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard !isDocument(file.lowerName) else { return nil }
        return file.classifier.deployedOnly(file.path)
    }
}

/// Deployment descriptors and configuration (`appsettings*.json`, Dockerfiles, Compose, `.env`,
/// Bicep, Terraform, files under `deploy/`, `infra/`).
struct DeploymentFile: PathRule {
    static let id = "deploy.configuration"
    static let description =
        "deployment or server configuration (Dockerfile, appsettings, Terraform) changes with a deployment"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(file: "Dockerfile", text: "ENV API=https://app.example.com")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard isDeploymentFile(file.lowerName, folders: file.folders) else { return nil }
        return (.server, "deployment or server configuration (\(file.parts.name)): changes with a deployment")
    }
}

/// Server configuration in other languages (`Procfile`, `Caddyfile`, `fly.toml`, server templates, Helm).
struct ServerConfiguration: PathRule {
    static let id = "server.configuration"
    static let description =
        "server configuration (Procfile, Caddyfile, server templates, Helm) changes with a deployment"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(file: "Caddyfile", text: "app.example.com {\n  reverse_proxy api:8080\n}\n")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        PathRules.serverConfiguration(file.lowerName, folders: file.folders).map {
            (.server, "\($0): changes with a deployment")
        }
    }
}

extension Classifier {
    /// `server` for a file that only servers or sites carry, with the chain; nil otherwise.
    func deployedOnly(_ path: String) -> (OccurrenceClass, String)? {
        let links = graph.links(of: path)
        guard let first = links.first, links.allSatisfy({ $0.product.kind != .app }) else { return nil }
        let names = links.map(\.product.label).joined(separator: ", ")
        return (
            .server,
            "in \(names) (\(first.text(from: path))): deployed with the \(first.product.kind == .site ? "site" : "service"), not a store release"
        )
    }
}
