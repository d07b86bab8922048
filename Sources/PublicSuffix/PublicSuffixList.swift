public import CLibraryError
internal import CPSL

/// The Public Suffix List could not be loaded: the call that failed and why.
public typealias PublicSuffixError = LibraryError

/// libpsl's built-in context: read-only once made, so lookups from several threads are safe.
private final class Context: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

/// Every libpsl call that can fail goes through here.
private func check<T>(_ value: T?, _ call: String) throws(PublicSuffixError) -> T {
    guard let value else {
        throw PublicSuffixError(call: call, message: "libpsl \(String(cString: psl_get_version())) has no list")
    }
    return value
}

/// Made once: the list compiled into libpsl (Debian builds it from the `publicsuffix` package).
private let builtin: Result<Context, PublicSuffixError> = Result { () throws(PublicSuffixError) in
    Context(try check(psl_builtin(), "psl_builtin"))
}

/// The Public Suffix List (through libpsl): which names are suffixes under which anyone may
/// register a domain (`com`, `co.uk`, `azurewebsites.net`).
public enum PublicSuffixList {
    /// Loads the list once; throws when libpsl has none. Call it before relying on the lookups.
    public static func load() throws(PublicSuffixError) {
        _ = try builtin.get()
    }

    /// True when `name` (lowercase ASCII, no trailing dot) is a suffix the list names explicitly:
    /// `com` and `co.uk` are, `com-webkluis` and `example` are not (the list's implicit `*` rule,
    /// which makes every unknown top-level label a suffix, does not count). False when the list
    /// could not be loaded.
    public static func isListedSuffix(_ name: String) -> Bool {
        guard case .success(let context) = builtin, !name.isEmpty else { return false }
        return relops_psl_is_listed_suffix(context.pointer, name) == 1
    }

    /// The registrable domain of `host` (`example.co.uk` for `www.example.co.uk`), or nil when
    /// `host` is itself a suffix or the list could not be loaded.
    public static func registrableDomain(of host: String) -> String? {
        guard case .success(let context) = builtin else { return nil }
        return psl_registrable_domain(context.pointer, host).map { String(cString: $0) }
    }
}
