/// What an Android release binary's compiled manifest says about the app: the package, its
/// version, and every intent filter of its activities (App Links and custom-scheme callbacks).
/// Read from an APK's binary XML (`AndroidManifest.xml`) or an AAB's protobuf XML
/// (`base/manifest/AndroidManifest.xml`); the readers are in `AndroidManifestReading.swift`.
public struct AndroidAppManifest: Sendable, Equatable {
    /// `<manifest package>`: the application id the build produced.
    public var package: String
    /// `android:versionCode`, with `android:versionCodeMajor` in the upper 32 bits; nil when absent.
    public var versionCode: Int?
    /// `android:versionName`; nil when absent.
    public var versionName: String?
    /// The intent filters of every `<activity>` and `<activity-alias>` under `<application>`, in
    /// manifest order.
    public var intentFilters: [IntentFilter]
    /// Attributes of `<manifest>` whose value is a resource reference relops does not resolve, as
    /// `android:versionName=@0x7f0e0001` (the version is then nil).
    public var unresolved: [String]

    public init(
        package: String, versionCode: Int? = nil, versionName: String? = nil, intentFilters: [IntentFilter] = [],
        unresolved: [String] = []
    ) {
        self.package = package
        self.versionCode = versionCode
        self.versionName = versionName
        self.intentFilters = intentFilters
        self.unresolved = unresolved
    }
}

/// One `<intent-filter>`: the component it belongs to, and its actions, categories and data. As
/// Android combines them, every scheme of the filter goes with every host of the filter.
public struct IntentFilter: Sendable, Equatable {
    /// The `android:name` of the activity or activity-alias, as written (`.MainActivity`).
    public var component: String
    /// `android:autoVerify="true"` on the filter.
    public var autoVerify: Bool
    /// `<action android:name>` values.
    public var actions: [String]
    /// `<category android:name>` values.
    public var categories: [String]
    /// `<data android:scheme>` values, as written.
    public var schemes: [String]
    /// `<data android:host>` values, as written (a leading `*.` is a wildcard).
    public var hosts: [String]
    /// Attributes whose value is a resource reference relops does not resolve, as
    /// `android:host=@0x7f0e0012`: a check that needs them says so instead of guessing.
    public var unresolved: [String]

    public init(
        component: String, autoVerify: Bool = false, actions: [String] = [], categories: [String] = [],
        schemes: [String] = [], hosts: [String] = [], unresolved: [String] = []
    ) {
        self.component = component
        self.autoVerify = autoVerify
        self.actions = actions
        self.categories = categories
        self.schemes = schemes
        self.hosts = hosts
        self.unresolved = unresolved
    }

    /// A filter that opens links: `VIEW` with the `BROWSABLE` category.
    public var opensLinks: Bool {
        actions.contains("android.intent.action.VIEW") && categories.contains("android.intent.category.BROWSABLE")
    }

    /// An App Link filter: opens `http`/`https` links for at least one host, and asks Android to
    /// verify them (`autoVerify`); only then does Android consult the hosts' assetlinks.json.
    public var isVerifiedAppLink: Bool {
        opensLinks && autoVerify && !hosts.isEmpty && schemes.contains { $0 == "https" || $0 == "http" }
    }

    /// The custom schemes the filter opens (`com.example.app`, for an OAuth callback).
    public var customSchemes: [String] {
        opensLinks ? schemes.filter { $0 != "http" && $0 != "https" } : []
    }
}
