import RelopsCore

/// Something the repository builds that ships or deploys on its own: a store or desktop app, a
/// server, a site. Read from the build files (`ProductGraph`), never from folder names.
///
/// An immutable class compared by value: the product graph passes products along every link it
/// combines and each occurrence lists its products, and a copy of a struct retained and released
/// its four strings and lists each time (about 5% of a monorepo scan's CPU).
public final class Product: Sendable, Hashable, Comparable {
    public enum Kind: String, Sendable, Hashable {
        /// A store or desktop app: a change ships with a new binary.
        case app
        /// A server or service: a change ships with a deployment.
        case server
        /// A static site (the folder that serves `/.well-known/`): a change ships with a deployment.
        case site
        /// An example app inside a package (`example/` beside the package's manifest): built to
        /// show the package, released by nobody, so never in "rebuild and resubmit".
        case example
    }

    /// The name a person knows it by: a Gradle module's folder (`androidApp`), an Xcode app
    /// target (`iosApp`), a .NET project (`App.Android`), a server's folder (`backend/api`).
    public let name: String
    public let kind: Kind
    /// What it is: `Android app`, `Wear OS app`, `iOS app`, `Android and iOS app`, `desktop app (Electron)`,
    /// `Spring Boot server`, `static site`.
    public let description: String
    /// The build file that defines it.
    public let file: String
    /// The platforms an app is built for (empty for servers and sites), from its build file.
    public let platforms: [Platform]
    /// `file`, `name` and `kind` hashed once, when it is made (see `hash(into:)`).
    private let key: Int

    public init(name: String, kind: Kind, description: String, file: String, platforms: [Platform] = []) {
        self.name = name
        self.kind = kind
        self.description = description
        self.file = file
        self.platforms = platforms
        var hasher = Hasher()
        hasher.combine(file)
        hasher.combine(name)
        hasher.combine(kind)
        key = hasher.finalize()
    }

    /// How a checklist names it: "Android app `androidApp`", "the site in `landing-page/`",
    /// "example Android app `app`".
    public var label: String {
        if kind == .site { return name.isEmpty ? "the site at the repository root" : "the site in `\(name)/`" }
        return "\(description) `\(name)`"
    }

    public static func < (a: Product, b: Product) -> Bool { (a.kind.rawValue, a.name) < (b.kind.rawValue, b.name) }

    /// Equal when every field is.
    public static func == (a: Product, b: Product) -> Bool {
        a === b
            || a.name == b.name && a.kind == b.kind && a.description == b.description && a.file == b.file
                && a.platforms == b.platforms
    }

    /// Its build file, name and kind tell products apart (equal products agree on them), hashed
    /// when it was made: the product graph keys a dictionary by product for every link it
    /// combines, and would otherwise hash two strings each time.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }
}
