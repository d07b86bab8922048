/// A release binary as `relops verify --format json` lists it: the file, its kind and what it says
/// about the app. The keys of an Android binary differ from an iOS one, so the document is an
/// enum whose cases carry their fields; a value the binary lacks is `null`, never left out.
public enum ReleaseArtifactDocument: Codable, Sendable, Equatable {
    /// An APK or an AAB.
    case android(Android)
    /// An IPA.
    case ios(IOS)

    /// What an APK or AAB says.
    public struct Android: Sendable, Equatable {
        /// The file as given.
        public var file: String
        /// True for an Android App Bundle (`AAB`), false for an `APK`.
        public var bundle: Bool
        /// The manifest's package.
        public var package: String
        /// `android:versionName`, when set.
        public var versionName: String?
        /// `android:versionCode`, when set.
        public var versionCode: Int?
        /// The SHA-256 fingerprints of the signing certificates.
        public var signers: [String]

        /// The fields as given.
        public init(
            file: String, bundle: Bool, package: String, versionName: String?, versionCode: Int?, signers: [String]
        ) {
            self.file = file
            self.bundle = bundle
            self.package = package
            self.versionName = versionName
            self.versionCode = versionCode
            self.signers = signers
        }
    }

    /// What an IPA says.
    public struct IOS: Sendable, Equatable {
        /// The file as given.
        public var file: String
        /// `CFBundleIdentifier`.
        public var bundleID: String
        /// `CFBundleShortVersionString`, when set.
        public var version: String?
        /// `CFBundleVersion`, when set.
        public var build: String?
        /// The entitlements' `application-identifier`, when signed with one.
        public var applicationIdentifier: String?

        /// The fields as given.
        public init(file: String, bundleID: String, version: String?, build: String?, applicationIdentifier: String?) {
            self.file = file
            self.bundleID = bundleID
            self.version = version
            self.build = build
            self.applicationIdentifier = applicationIdentifier
        }
    }

    /// The document of `artifact`.
    public init(_ artifact: ReleaseArtifact) {
        switch artifact {
        case .apk(let a), .aab(let a):
            var bundle = false
            if case .aab = artifact { bundle = true }
            self = .android(
                Android(
                    file: a.path, bundle: bundle, package: a.manifest.package, versionName: a.manifest.versionName,
                    versionCode: a.manifest.versionCode, signers: a.signerFingerprints))
        case .ipa(let i):
            self = .ios(
                IOS(
                    file: i.path, bundleID: i.app.bundleID, version: i.app.shortVersion, build: i.app.buildVersion,
                    applicationIdentifier: i.app.entitlements?.applicationIdentifier))
        }
    }

    enum CodingKeys: String, CodingKey {
        case file, kind, package, signers, version, build
        case versionName = "version_name"
        case versionCode = "version_code"
        case bundleID = "bundle_id"
        case applicationIdentifier = "application_identifier"
    }

    /// `file` and `kind` first, then the kind's fields; a missing value is `null`.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .android(let a):
            try object.encode(a.file, forKey: .file)
            try object.encode(a.bundle ? "AAB" : "APK", forKey: .kind)
            try object.encode(a.package, forKey: .package)
            try object.encode(a.versionName, forKey: .versionName)
            try object.encode(a.versionCode, forKey: .versionCode)
            try object.encode(a.signers, forKey: .signers)
        case .ios(let i):
            try object.encode(i.file, forKey: .file)
            try object.encode("IPA", forKey: .kind)
            try object.encode(i.bundleID, forKey: .bundleID)
            try object.encode(i.version, forKey: .version)
            try object.encode(i.build, forKey: .build)
            try object.encode(i.applicationIdentifier, forKey: .applicationIdentifier)
        }
    }

    /// Reads the fields of the kind `kind` names (`APK`, `AAB` or `IPA`); any other kind throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        let file = try object.decode(String.self, forKey: .file)
        let kind = try object.decode(String.self, forKey: .kind)
        switch kind {
        case "APK", "AAB":
            self = .android(
                Android(
                    file: file, bundle: kind == "AAB", package: try object.decode(String.self, forKey: .package),
                    versionName: try object.decodeIfPresent(String.self, forKey: .versionName),
                    versionCode: try object.decodeIfPresent(Int.self, forKey: .versionCode),
                    signers: try object.decode([String].self, forKey: .signers)))
        case "IPA":
            self = .ios(
                IOS(
                    file: file, bundleID: try object.decode(String.self, forKey: .bundleID),
                    version: try object.decodeIfPresent(String.self, forKey: .version),
                    build: try object.decodeIfPresent(String.self, forKey: .build),
                    applicationIdentifier: try object.decodeIfPresent(String.self, forKey: .applicationIdentifier)))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: object, debugDescription: "unknown artifact kind `\(kind)` (APK, AAB or IPA)")
        }
    }
}
