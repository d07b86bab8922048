internal import CIDN2
public import CLibraryError

/// A host name libidn2 refused: the name (as `call`) and libidn2's reason.
public typealias IDNAError = LibraryError

/// Internationalised host names (IDNA2008, through libidn2).
public enum IDNA {
    /// The ASCII (punycode, `xn--`) form of a Unicode host name; ASCII names come back lowercased.
    public static func toASCII(_ name: String) throws(IDNAError) -> String {
        var output: UnsafeMutablePointer<CChar>?
        let flags = Int32(IDN2_NONTRANSITIONAL.rawValue)
        let rc = idn2_to_ascii_8z(name, &output, flags)
        guard rc == Int32(IDN2_OK.rawValue), let output else {
            throw IDNAError(call: name, message: String(cString: idn2_strerror(rc)))
        }
        defer { relops_idn2_free(output) }
        return String(cString: output)
    }

    /// The Unicode form of an ASCII (punycode) host name.
    public static func toUnicode(_ name: String) throws(IDNAError) -> String {
        var output: UnsafeMutablePointer<CChar>?
        let rc = idn2_to_unicode_8z8z(name, &output, 0)
        guard rc == Int32(IDN2_OK.rawValue), let output else {
            throw IDNAError(call: name, message: String(cString: idn2_strerror(rc)))
        }
        defer { relops_idn2_free(output) }
        return String(cString: output)
    }
}
