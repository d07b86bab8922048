import Artifact
import Association
import CommandLine
import Fingerprint
import Foundation
import RelopsCore

/// `relops fingerprint show|rotate`.
enum FingerprintCommand: RelopsCommand {
    static let format = Option<String?>.format(["text", "json"])

    /// The options of `fingerprint show`.
    enum ShowOptions {
        static let cert = Option<String?>.value(
            "cert", "FILE", help: "An X.509 certificate, DER or PEM (Play Console's deployment_cert.der).")
        static let p12 = Option<String?>.value("p12", "FILE", help: "A PKCS#12 file.")
        static let storepassEnv = Option<String?>.value(
            "storepass-env", "VAR", help: "The environment variable holding the keystore password.")
        static let passwordEnv = Option<String?>.value("password-env", "VAR", help: "Same as --storepass-env.")
        static let keypassEnv = Option<String?>.value(
            "keypass-env", "VAR", help: "The environment variable holding the key's own password.")
        static let jks = Option<String?>.value(
            "jks", "FILE", help: "A keytool keystore: JKS/JCEKS, or PKCS#12 (with --storepass-env).")
        static let apk = Option<String?>.value(
            "apk", "FILE", help: "An APK: every signer, the rotation lineage, verified signatures.")
        static let noVerify = Flag.flag("no-verify", help: "With --apk: skip verifying the signatures (a quick look).")
        static let minSdkVersion = Option<String?>.value(
            "min-sdk-version", "N", help: "With --apk: verify for API level N and up, not the manifest's minSdkVersion."
        )
    }

    /// The options of `fingerprint rotate`.
    enum RotateOptions {
        static let to = Option<String?>.value(
            "to", "FP", help: "The new SHA-256 fingerprint (keytool, openssl or apksigner form).")
        static let cert = Option<String?>.value(
            "cert", "FILE", help: "Take the new fingerprint from this certificate (deployment_cert.der).")
        static let fromAPK = Option<String?>.value(
            "from-apk", "FILE", help: "Take every fingerprint a signed (verified) APK needs, rotation lineage included."
        )
        static let storepassEnv = Option<String?>.value(
            "storepass-env", "VAR", help: "The environment variable holding the upload keystore's password.")
        static let keypassEnv = Option<String?>.value(
            "keypass-env", "VAR", help: "The environment variable holding its key's own password.")
        static let uncheckedKeystore = Option<[String]>.repeatable(
            "unchecked-keystore", "PATH",
            help: "Rotate although this repository keystore cannot be opened (not checked).")
        static let config = Option<String?>.value(
            "config", "FILE", authority: .whereItActs, help: "The appsettings file that is served.")
        static let key = Option<String?>.value(
            "key", "A:B", help: "The key in it (default AppAssociation:AndroidCertFingerprints).")
        static let keepOld = Flag.flag(
            "keep-old", help: "Add the new fingerprint and keep the old ones (an overlap window).")
        static let retire = Option<String?>.value("retire", "FP", help: "Remove this fingerprint.")
        static let apply = Flag.flag("apply", help: "Write the config (otherwise only show the diff).")
        static let repo = RepositoryOptions.repo
        // Which key counts as the debug key decides what `rotate` refuses and `verify --artifact`
        // fails: a repository pointing it elsewhere would hide the debug key.
        static let debugKeystore = Option<String?>.value(
            "debug-keystore", "FILE", authority: .howItChecks,
            help: "The debug keystore to check (default ~/.android/debug.keystore).")
    }

    static let spec = CommandSpec(
        "fingerprint",
        abstract: "Show certificate fingerprints and rotate the one assetlinks.json serves.",
        subcommands: [
            CommandSpec(
                "show", abstract: "Print a certificate's subject, validity and SHA-256/SHA-1 fingerprints.",
                discussion: """
                    Give exactly one of --cert, --p12, --jks, --apk. A keystore password comes from \
                    --storepass-env VAR (and --keypass-env VAR) or a prompt, never from the command line. \
                    --apk lists every signer (v3.1, v3, v2, v1) with its SDK range, the rotation lineage \
                    and the fingerprints assetlinks.json must list, and verifies every signature as \
                    Android does from the APK's min SDK up (AndroidManifest.xml's minSdkVersion, or \
                    --min-sdk-version N as apksigner takes it): exit 1, fingerprints marked NOT VERIFIED, \
                    naming the scheme and rule, when a check fails.
                    """,
                options: [
                    ShowOptions.cert, ShowOptions.p12, ShowOptions.storepassEnv, ShowOptions.passwordEnv,
                    ShowOptions.keypassEnv, ShowOptions.jks, ShowOptions.apk, ShowOptions.noVerify,
                    ShowOptions.minSdkVersion, format,
                ]),
            CommandSpec(
                "rotate",
                abstract: "Put a new app signing fingerprint into the served config (preview unless --apply).",
                discussion: """
                    The target defaults to .relops.yml's app.android.fingerprints (path#Section:Key), else \
                    where the repository serves assetlinks.json (relops association sources): a static or \
                    nginx-served file is edited at its app statement's sha256_cert_fingerprints, keeping \
                    its layout; for an external one relops prints what the serving team must change. \
                    Refuses the placeholder, a wrong-length or SHA-1 value, and the certificate of an \
                    upload or debug keystore it can find; a keystore in the repository it cannot open \
                    (unknown password or type) stops the rotation (exit 1) unless its password comes \
                    with --storepass-env or --unchecked-keystore names it. Reports other settings that override the \
                    key and documentation that still holds the placeholder or a retired fingerprint.
                    """,
                options: [
                    RotateOptions.to, RotateOptions.cert, RotateOptions.fromAPK, RotateOptions.storepassEnv,
                    RotateOptions.keypassEnv, RotateOptions.uncheckedKeystore, RotateOptions.config, RotateOptions.key,
                    RotateOptions.keepOld, RotateOptions.retire, RotateOptions.apply, RotateOptions.repo,
                    RotateOptions.debugKeystore, format,
                ],
                writes: .when(RotateOptions.apply)),
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments[Self.format], allowed: [.text, .json])
        if arguments.subcommand == "show" { return try show(arguments, format, console) }
        return try rotate(arguments, format, console)
    }

    /// `--min-sdk-version N`: an API level (0 or more), as apksigner takes it.
    static func minSdkVersion(_ arguments: ParsedArguments) throws -> Int? {
        guard let text = arguments[ShowOptions.minSdkVersion] else { return nil }
        guard let level = Int(text), level >= 0 else {
            throw Failure(.usage, "--min-sdk-version \"\(text)\" is not an API level (a whole number, 0 or more)")
        }
        return level
    }

    static func show(_ arguments: ParsedArguments, _ format: OutputFormat, _ console: Console) throws -> Int32 {
        let given = [ShowOptions.cert, ShowOptions.p12, ShowOptions.jks, ShowOptions.apk].compactMap { option in
            arguments[option].map { (kind: option.spec.name, file: $0) }
        }
        guard given.count == 1, let kind = given.first?.kind, let file = given.first?.file else {
            throw Failure(.usage, "give exactly one of --cert, --p12, --jks, --apk")
        }
        for option in [ShowOptions.passwordEnv, ShowOptions.storepassEnv, ShowOptions.keypassEnv]
        where arguments[option] != nil {
            guard kind == "p12" || kind == "jks" else {
                throw Failure(.usage, "--\(option.spec.name) goes with --p12 or --jks")
            }
        }
        if arguments[ShowOptions.noVerify] && kind != "apk" { throw Failure(.usage, "--no-verify goes with --apk") }
        if arguments[ShowOptions.minSdkVersion] != nil && kind != "apk" {
            throw Failure(.usage, "--min-sdk-version goes with --apk")
        }
        let certificates: [SigningCertificate]
        switch kind {
        case "cert": certificates = try CertificateReader.certificateFile(file)
        case "jks":
            certificates = try CertificateReader.keystore(
                file,
                storePassword: try environmentValue(arguments, [ShowOptions.storepassEnv, ShowOptions.passwordEnv]),
                keyPassword: try environmentValue(arguments, [ShowOptions.keypassEnv]))
        case "apk":
            let signature = try APKSignature.read(
                file, verify: !arguments[ShowOptions.noVerify], minSdkVersion: try minSdkVersion(arguments))
            return try FingerprintAPKView.show(signature, format, console)
        default: certificates = try CertificateReader.pkcs12(file, password: try password(arguments, file: file))
        }
        if format == .json {
            console.out(try CertificateListDocument(certificates).jsonText())
            return ExitCode.ok
        }
        for (i, certificate) in certificates.enumerated() {
            if i > 0 { console.out("") }
            console.out(console.styled(certificate.origin, .bold))
            console.out("  Subject: \(certificate.subject)")
            console.out("  Issuer:  \(certificate.issuer)")
            console.out("  Valid:   \(certificate.validity)")
            console.out("  Serial:  \(certificate.serialNumber)")
            console.out("  SHA256: \(certificate.sha256.canonical)")
            console.out("  SHA1:   \(certificate.sha1)")
        }
        return ExitCode.ok
    }

    /// The value of the environment variable the first given option of `options` names.
    static func environmentValue(_ arguments: ParsedArguments, _ options: [Option<String?>]) throws -> String? {
        for option in options {
            guard let variable = arguments[option] else { continue }
            guard let value = ProcessInfo.processInfo.environment[variable] else {
                throw Failure(.usage, "--\(option.spec.name) \(variable): the environment variable is not set")
            }
            return value
        }
        return nil
    }

    static func password(_ arguments: ParsedArguments, file: String) throws -> String {
        if let value = try environmentValue(arguments, [ShowOptions.storepassEnv, ShowOptions.passwordEnv]) {
            return value
        }
        guard let value = PasswordPrompt.read("Password for \(file): ") else {
            throw Failure(.usage, "\(file): no terminal to ask for the PKCS#12 password on; give --password-env VAR")
        }
        return value
    }

    static func rotate(_ arguments: ParsedArguments, _ format: OutputFormat, _ console: Console) throws -> Int32 {
        if [RotateOptions.to, RotateOptions.cert, RotateOptions.fromAPK].filter({ arguments[$0] != nil }).count > 1 {
            throw Failure(.usage, "give the new fingerprint once: --to FP, --cert FILE or --from-apk FILE")
        }
        if arguments[RotateOptions.keepOld] && arguments[RotateOptions.retire] != nil {
            throw Failure(.usage, "--keep-old and --retire do not go together: add with --keep-old, retire later")
        }
        var project: Project?
        do {
            project = try Project(path: arguments[RotateOptions.repo], readingConfiguration: false)
        } catch {
            if arguments[RotateOptions.repo] != nil || arguments[RotateOptions.config] == nil { throw error }
            console.error("note: not in a git repository; keystores, overrides and documentation are not checked")
        }
        // A repository's `.relops.yml` that cannot be read stops the command, --config or not.
        project = try project?.readingConfiguration()
        let target: ConfigTarget
        var source: AssociationSource?
        if let project, arguments[RotateOptions.config] == nil, project.config.servedSettings == nil {
            // No settings named: rotate where the repository serves assetlinks.json from.
            if arguments[RotateOptions.key] != nil {
                throw Failure(.usage, "--key names a key of a settings file: give --config FILE with it")
            }
            switch try AssociationSources.find(in: project).rotationDestination(in: project) {
            case .file(let found, let from):
                target = found
                source = from
            case .external(let from):
                return try rotateExternal(from, project, arguments, format, console)
            }
        } else {
            target = try ConfigTarget.resolve(
                config: arguments[RotateOptions.config], key: arguments[RotateOptions.key],
                projectSetting: project?.config.servedSettings, root: project?.root)
            source = .settings(
                path: target.displayPath,
                section: target.keyPath.count > 1 ? target.keyPath.dropLast().joined(separator: ":") : target.key)
        }
        var request = RotationRequest(
            target: target, newFingerprints: try newFingerprints(arguments, app: project?.config.androidPackage))
        request.keystorePasswords = try keystorePasswords(arguments)
        request.uncheckedKeystores = uncheckedKeystores(arguments)
        request.keepOld = arguments[RotateOptions.keepOld]
        if let text = arguments[RotateOptions.retire] { request.retire = try FingerprintNormalizer.sha256(text) }
        request.repositoryRoot = project?.root
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        request.debugKeystore = arguments[RotateOptions.debugKeystore] ?? home + "/.android/debug.keystore"
        let rotation = try FingerprintRotation.plan(request)
        let apply = arguments[RotateOptions.apply]
        if apply { try rotation.apply() }
        if format == .json {
            let document = RotationDocument.file(
                source: source, rotation: rotation, applied: apply && rotation.changesConfig)
            console.out(try JSONValueEncoder().text(document, "the rotation"))
        } else {
            renderRotation(rotation, target, applied: apply, console)
        }
        return ExitCode.ok
    }
}

extension FingerprintCommand {
    /// The rotation as text: the diff, overriding settings, stale documentation, keystores not checked.
    static func renderRotation(
        _ rotation: FingerprintRotation, _ target: ConfigTarget, applied: Bool, _ console: Console
    ) {
        if rotation.changesConfig {
            console.out(rotation.diff, terminator: "")
        } else {
            console.out(
                "\(target.displayPath): \(target.key) already holds \(rotation.newValues.joined(separator: ", ")); nothing to change"
            )
        }
        for item in rotation.overrides {
            console.out(
                "\(item.path):\(item.line): warning: also sets \(target.key) (\(item.kind.rawValue)) and overrides the served value: \(item.text)"
            )
        }
        for item in rotation.staleDocuments {
            let what = item.reason == .placeholder ? "still holds the placeholder" : "still holds a retired fingerprint"
            console.out("\(item.path):\(item.line): warning: documentation \(what): \(item.text)")
        }
        for item in rotation.uncheckedKeystores {
            console.out("\(item.path): note: keystore not checked against the new fingerprint: \(item.reason)")
        }
        if rotation.changesConfig {
            console.out(
                applied
                    ? "Wrote \(target.displayPath)."
                    : "Preview only: run again with --apply to write \(target.displayPath).")
        }
    }

    /// The passwords `--storepass-env` and `--keypass-env` name, to try on PKCS#12 keystores.
    static func keystorePasswords(_ arguments: ParsedArguments) throws -> [String] {
        var passwords: [String] = []
        for option in [RotateOptions.storepassEnv, RotateOptions.keypassEnv] {
            if let value = try environmentValue(arguments, [option]) { passwords.append(value) }
        }
        return passwords
    }

    /// `--unchecked-keystore` paths, as given and resolved from the current folder (the domain
    /// matches either against the repository-relative path).
    static func uncheckedKeystores(_ arguments: ParsedArguments) -> [String] {
        let folder = FileManager.default.currentDirectoryPath
        return arguments[RotateOptions.uncheckedKeystore].flatMap { path in
            path.hasPrefix("/") ? [path] : [path, folder + "/" + path]
        }
    }

    /// `fingerprint rotate` when another repository serves assetlinks.json: the new fingerprint is
    /// still checked against the local upload and debug keys, then relops says what to change there.
    static func rotateExternal(
        _ source: AssociationSource, _ project: Project, _ arguments: ParsedArguments, _ format: OutputFormat,
        _ console: Console
    ) throws -> Int32 {
        let fingerprints = try newFingerprints(arguments, app: project.config.androidPackage)
        var retire: CertificateFingerprint?
        if let text = arguments[RotateOptions.retire] { retire = try FingerprintNormalizer.sha256(text) }
        if fingerprints.isEmpty && retire == nil {
            throw Failure(.usage, "nothing to do: give the new fingerprint (--to FP or --cert FILE) or --retire FP")
        }
        if arguments[RotateOptions.apply] {
            console.error("note: --apply writes nothing: assetlinks.json is not served from this repository")
        }
        if !fingerprints.isEmpty {
            let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
            _ = try FingerprintRotation.refuseLocalKeys(
                fingerprints, root: project.root,
                debugKeystore: arguments[RotateOptions.debugKeystore] ?? home + "/.android/debug.keystore",
                passwords: try keystorePasswords(arguments), accepted: uncheckedKeystores(arguments))
        }
        let change = ExternalRotation(
            source: source, adding: fingerprints, retire: retire, keepOld: arguments[RotateOptions.keepOld],
            package: project.config.androidPackage, webHost: project.config.webHost?.written)
        if format == .json {
            console.out(try JSONValueEncoder().text(RotationDocument.external(change), "the rotation"))
        } else {
            for line in change.instructions { console.out(line) }
        }
        return ExitCode.ok
    }

    /// What `--to`, `--cert` or `--from-apk` add; an APK must verify first, and be the app's
    /// (`app`, the repository's `app.android.package`) when the repository names one.
    static func newFingerprints(_ arguments: ParsedArguments, app: String?) throws -> [CertificateFingerprint] {
        if let text = arguments[RotateOptions.to] { return [try FingerprintNormalizer.sha256(text)] }
        if let file = arguments[RotateOptions.cert] {
            return try CertificateReader.certificateFile(file).first.map { [$0.sha256] } ?? []
        }
        guard let file = arguments[RotateOptions.fromAPK] else { return [] }
        // Read once: the signatures are verified and the manifest's package compared on the same bytes.
        let bytes = try CertificateReader.read(file)
        let signature = try APKSignature.read(bytes: bytes, path: file)
        if case .failed(let check) = signature.verification {
            throw Failure(.checkFailed, "\(file): NOT VERIFIED: \(check); refusing to serve its fingerprints")
        }
        if let app, let package = ReleaseArtifact.apkPackage(bytes: bytes), package != app {
            throw Failure(
                .checkFailed,
                "\(file): the APK is \(package), the app is \(app) (.relops.yml app.android.package); "
                    + "refusing to serve another app's signers")
        }
        return signature.assetLinksFingerprints
    }
}

/// Reads a password from the terminal without echoing it.
enum PasswordPrompt {
    static func read(_ prompt: String) -> String? {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var original = termios()
        guard tcgetattr(fd, &original) == 0 else { return nil }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = prompt.withCString { write(fd, $0, strlen($0)) }
        tcsetattr(fd, TCSAFLUSH, &silent)
        defer {
            tcsetattr(fd, TCSAFLUSH, &original)
            _ = write(fd, "\n", 1)
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while Foundation.read(fd, &byte, 1) == 1 && byte != 0x0A { bytes.append(byte) }
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
