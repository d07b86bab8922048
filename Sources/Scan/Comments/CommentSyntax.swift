/// A comment in a file: its byte range and the form it takes (`///` doc comment, `<!-- -->`, ...).
struct CommentSpan: Sendable, Equatable {
    let start: Int
    let end: Int
    /// The form, as the rule names it: "`///` doc comment", "XML comment `<!-- -->`".
    let form: String
}

/// How comments are written in one file's language, decided from its name.
struct CommentSyntax: Sendable {
    enum Family: Sendable {
        /// `<!-- -->` outside tags and CDATA; `<comment>` elements too in `.resx`; `@* *@` in Razor.
        case markup(resx: Bool, razor: Bool)
        /// `//`, `///`, `/* */`, with the language's string literals.
        case cLike(CLikeOptions)
        /// `#` to the end of the line, with the language's string literals.
        case hash(HashOptions)
        /// A comment character only at the start of a line (`.gitignore`, `.ini`, `.properties`).
        case lineStart(markers: [UInt8])
    }

    /// The language as the rule names it ("C#", "YAML", "resx").
    let language: String
    let family: Family

    /// The comment syntax of a file named `lowerName` (lowercase, no folders); nil when relops
    /// knows no comment form for it (Markdown and text are documentation anyway).
    static func forFile(_ lowerName: String) -> CommentSyntax? {
        if let syntax = byName[lowerName] { return syntax }
        if lowerName.hasPrefix("dockerfile") || lowerName.hasSuffix(".dockerfile") {
            return CommentSyntax(language: "Dockerfile", family: .hash(.lineWords))
        }
        if lowerName == ".env" || lowerName.hasPrefix(".env.") {
            return CommentSyntax(language: ".env", family: .hash(.lineWords))
        }
        guard let dot = lowerName.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        return byExtension[String(lowerName[lowerName.utf8.index(after: dot)...])]
    }

    private static let byName: [String: CommentSyntax] = [
        ".gitignore": CommentSyntax(language: ".gitignore", family: .lineStart(markers: [0x23])),
        ".gitattributes": CommentSyntax(language: ".gitattributes", family: .lineStart(markers: [0x23])),
        ".dockerignore": CommentSyntax(language: ".dockerignore", family: .lineStart(markers: [0x23])),
        ".editorconfig": CommentSyntax(language: ".editorconfig", family: .lineStart(markers: [0x23, 0x3B])),
        "codeowners": CommentSyntax(language: "CODEOWNERS", family: .lineStart(markers: [0x23])),
        "makefile": CommentSyntax(language: "Makefile", family: .hash(.lineWords)),
        "podfile": CommentSyntax(language: "Ruby", family: .hash(.anywhere)),
        "gemfile": CommentSyntax(language: "Ruby", family: .hash(.anywhere)),
        "fastfile": CommentSyntax(language: "Ruby", family: .hash(.anywhere)),
        "appfile": CommentSyntax(language: "Ruby", family: .hash(.anywhere)),
        "jenkinsfile": CommentSyntax(language: "Groovy", family: .cLike(.groovy)),
    ]

    private static let byExtension: [String: CommentSyntax] = {
        var table: [String: CommentSyntax] = [:]
        func add(_ extensions: [String], _ language: String, _ family: Family) {
            for ext in extensions { table[ext] = CommentSyntax(language: language, family: family) }
        }
        add(
            [
                "xml", "xaml", "axml", "plist", "entitlements", "csproj", "fsproj", "vbproj", "props", "targets",
                "storyboard", "xib", "svg", "nuspec", "manifest", "appxmanifest", "config", "xsd", "html", "htm",
            ],
            "XML", .markup(resx: false, razor: false))
        add(["resx", "resw"], "resx", .markup(resx: true, razor: false))
        add(["cshtml", "razor"], "Razor", .markup(resx: false, razor: true))
        add(["cs"], "C#", .cLike(.csharp))
        add(["java"], "Java", .cLike(.java))
        add(["kt", "kts"], "Kotlin", .cLike(.kotlin))
        add(["swift"], "Swift", .cLike(.swift))
        add(["m", "mm", "h", "c", "cc", "cpp", "hpp"], "Objective-C/C", .cLike(.c))
        add(["js", "mjs", "cjs", "jsx", "ts", "tsx", "mts", "cts"], "JavaScript/TypeScript", .cLike(.javaScript))
        add(["gradle", "groovy"], "Groovy", .cLike(.groovy))
        add(["dart"], "Dart", .cLike(.javaScript))
        add(["go"], "Go", .cLike(.go))
        add(["rs"], "Rust", .cLike(.rust))
        add(["scala"], "Scala", .cLike(.java))
        add(["fs", "fsx"], "F#", .cLike(.c))
        add(["bicep", "bicepparam"], "Bicep", .cLike(.bicep))
        add(["tf", "tfvars", "hcl"], "Terraform", .cLike(.terraform))
        add(["json", "jsonc", "json5"], "JSONC", .cLike(.json))
        add(["css", "scss", "sass", "less"], "CSS", .cLike(.css))
        add(["yml", "yaml"], "YAML", .hash(.yaml))
        add(["sh", "bash", "zsh", "ps1", "psm1"], "shell", .hash(.lineWords))
        add(["conf", "nginx"], "server configuration", .hash(.lineWords))
        add(["py", "pyi"], "Python", .hash(.python))
        add(["toml"], "TOML", .hash(.python))
        add(["rb", "podspec"], "Ruby", .hash(.anywhere))
        add(["ini", "cfg"], "INI", .lineStart(markers: [0x3B, 0x23]))
        add(["properties"], "properties", .lineStart(markers: [0x23, 0x21]))
        return table
    }()
}

/// The string literals and comment forms of one C-like language.
struct CLikeOptions: Sendable {
    /// `'...'` is a string or a character literal (not in Swift or Rust, where `'` is rarely a quote).
    var singleQuotes = true
    /// `` `...` `` is a string (JavaScript templates, Go raw strings).
    var backticks = false
    /// `"""..."""` (C# 11, Kotlin, Swift, Java text blocks, Groovy; `'''` in Groovy and Bicep too).
    var tripleQuotes = false
    /// C# `@"..."` where `""` is a quote.
    var verbatim = false
    /// `#` also starts a line comment (Terraform).
    var hashComments = false
    /// `/* */` nests (Swift, Rust, Kotlin).
    var nestedBlocks = false
    /// `///` and `/** */` are doc comments in this language.
    var docComments = true
    /// `//` starts a line comment. Not in CSS, Sass or Less, where `url(https://host/x)` needs no
    /// quotes: only `/* */` is read as a comment there.
    var lineComments = true

    static let csharp = CLikeOptions(tripleQuotes: true, verbatim: true)
    static let java = CLikeOptions(tripleQuotes: true)
    static let kotlin = CLikeOptions(tripleQuotes: true, nestedBlocks: true)
    static let swift = CLikeOptions(singleQuotes: false, tripleQuotes: true, nestedBlocks: true)
    static let c = CLikeOptions()
    static let javaScript = CLikeOptions(backticks: true)
    static let groovy = CLikeOptions(tripleQuotes: true)
    static let go = CLikeOptions(backticks: true)
    static let rust = CLikeOptions(singleQuotes: false, nestedBlocks: true)
    static let bicep = CLikeOptions(tripleQuotes: true, docComments: false)
    static let terraform = CLikeOptions(singleQuotes: false, hashComments: true, docComments: false)
    static let json = CLikeOptions(singleQuotes: false, docComments: false)
    static let css = CLikeOptions(docComments: false, lineComments: false)
}

/// Where `#` starts a comment, and which strings there are.
struct HashOptions: Sendable {
    /// `#` starts a comment only at the start of a line or after white space (YAML, shell:
    /// `https://host/#x` and `a#b` are not comments); otherwise anywhere outside a string.
    var afterSpaceOnly: Bool
    /// `"""`/`'''` strings (Python, TOML).
    var tripleQuotes = false
    /// YAML: quotes open a string only where a scalar starts, and block scalars (`|`, `>`) hold no comments.
    var yaml = false

    static let yaml = HashOptions(afterSpaceOnly: true, yaml: true)
    static let lineWords = HashOptions(afterSpaceOnly: true)
    static let python = HashOptions(afterSpaceOnly: false, tripleQuotes: true)
    static let anywhere = HashOptions(afterSpaceOnly: false)
}
