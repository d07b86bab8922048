import Crypto
import Git
import RelopsCore

/// The id git gives `bytes` as a blob, computed with OpenSSL's SHA-1 (libgit2's collision-detecting
/// SHA-1 is several times slower, and a cutover hashes every file it touches twice).
public func gitBlobID(of bytes: [UInt8]) throws(Failure) -> ObjectID {
    let digest: [UInt8]
    do {
        digest = try bytes.withUnsafeBytes { body throws(CryptoError) in
            try Digest.sha1(header: Array("blob \(bytes.count)\0".utf8), body: body)
        }
    } catch {
        throw Failure(.couldNotCheck, "cannot hash content: \(error)")
    }
    guard let id = ObjectID(bytes: digest) else { throw Failure(.couldNotCheck, "SHA-1 gave \(digest.count) bytes") }
    return id
}
