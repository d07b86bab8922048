import Fingerprint
import Foundation
import RelopsCore

/// A release binary given to `relops verify --artifact`: an APK, an Android App Bundle or an IPA,
/// told apart by what the ZIP holds (never by the file name), with what it says about the app.
public enum ReleaseArtifact: Sendable {
    /// An APK: its binary manifest and its verified signatures.
    case apk(AndroidArtifact)
    /// An Android App Bundle: its protobuf manifest and its (upload key's) JAR signature.
    case aab(AndroidArtifact)
    /// An IPA: the app in `Payload/`.
    case ipa(IOSArtifact)

    /// The largest file read: a ZIP without ZIP64 ends within 4 GiB, and Android and Apple refuse
    /// ZIP64 release binaries anyway.
    public static let sizeLimit = Int(UInt32.max)

    /// The file as given.
    public var path: String {
        switch self {
        case .apk(let a), .aab(let a): return a.path
        case .ipa(let i): return i.path
        }
    }

    /// `APK`, `AAB` or `IPA`.
    public var kindName: String {
        switch self {
        case .apk: return "APK"
        case .aab: return "AAB"
        case .ipa: return "IPA"
        }
    }

    /// Reads the release binary at `path` (an operator's path; a symlink is followed). Anything
    /// that is not a readable APK, AAB or IPA is a usage error naming the file and what is wrong.
    public static func read(_ path: String) throws(Failure) -> ReleaseArtifact {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let bytes: [UInt8]
        do {
            bytes = try RepositoryFile.read(resolved: resolved, named: path, limit: sizeLimit)
        } catch {
            throw Failure(error.category == .couldNotCheck ? .couldNotCheck : .usage, "--artifact \(error.description)")
        }
        do {
            return try read(bytes: bytes, path: path)
        } catch {
            throw Failure(error.category, "--artifact \(path): \(error.reason)")
        }
    }

    /// The package the binary manifest of the APK in `bytes` names, read without verifying its
    /// signatures; nil for bytes that hold no readable APK manifest.
    public static func apkPackage(bytes: [UInt8]) -> String? {
        do {
            let archive = try ZipArchive(bytes)
            guard let entry = archive.entry("AndroidManifest.xml") else { return nil }
            return try AndroidAppManifest(binaryXML: try entryData(archive, entry, kind: "a manifest")).package
        } catch {
            return nil
        }
    }

    /// Reads a release binary held in `bytes`; `path` names it.
    public static func read(bytes: [UInt8], path: String) throws(ArtifactProblem) -> ReleaseArtifact {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(bytes)
        } catch {
            throw ArtifactProblem(
                "not an APK, AAB or IPA: \(error.reason.replacingOccurrences(of: "not an APK: ", with: ""))")
        }
        if let manifest = archive.entry("AndroidManifest.xml") {
            let bytes = try entryData(archive, manifest, kind: "a manifest")
            return .apk(
                AndroidArtifact(
                    path: path, kind: .apk, manifest: try AndroidAppManifest(binaryXML: bytes),
                    signature: try signature(archive, path, verify: true)))
        }
        if let manifest = archive.entry("base/manifest/AndroidManifest.xml") {
            let bytes = try entryData(archive, manifest, kind: "a manifest")
            return .aab(
                AndroidArtifact(
                    path: path, kind: .aab, manifest: try AndroidAppManifest(protobufXML: bytes),
                    signature: try signature(archive, path, verify: false)))
        }
        if archive.entries.contains(where: { $0.name.hasPrefix("Payload/") }) {
            return .ipa(IOSArtifact(path: path, app: try IOSApp(ipa: archive)))
        }
        throw ArtifactProblem(
            "not an APK, AAB or IPA: a ZIP with no AndroidManifest.xml, no base/manifest/AndroidManifest.xml "
                + "and no Payload/ folder")
    }

    /// The largest manifest read: a real one is tens of kilobytes.
    static let manifestLimit = 8 << 20

    static func entryData(_ archive: ZipArchive, _ entry: ZipArchive.Entry, kind: String) throws(ArtifactProblem)
        -> [UInt8]
    {
        do {
            return try archive.data(entry, limit: (manifestLimit, kind))
        } catch {
            throw ArtifactProblem(error.reason)
        }
    }

    static func signature(_ archive: ZipArchive, _ path: String, verify: Bool) throws(ArtifactProblem)
        -> APKSignature?
    {
        do {
            // Unsigned (nil) is a fact the checks report; an unreadable signature is a bad file.
            return try APKSignature.readIfSigned(archive: archive, path: path, verify: verify)
        } catch {
            throw ArtifactProblem(error.reason, category: error.category == .couldNotCheck ? .couldNotCheck : .usage)
        }
    }
}

/// An APK or AAB: the manifest and the signature.
public struct AndroidArtifact: Sendable {
    /// Which kind of Android release binary.
    public enum Kind: Sendable { case apk, aab }

    /// The file as given.
    public let path: String
    /// APK or AAB.
    public let kind: Kind
    /// The compiled manifest.
    public let manifest: AndroidAppManifest
    /// The signers (verified for an APK); nil when the file is not signed.
    public let signature: APKSignature?

    /// Each signing certificate's SHA-256 once, in the order the schemes list them.
    public var signerFingerprints: [String] {
        (signature?.signers ?? []).map(\.certificate.sha256.canonical).reduce(into: []) {
            if !$0.contains($1) { $0.append($1) }
        }
    }
}

/// An IPA: the app in it.
public struct IOSArtifact: Sendable {
    /// The file as given.
    public let path: String
    /// The app.
    public let app: IOSApp
}
