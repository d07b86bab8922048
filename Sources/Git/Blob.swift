internal import CGit2

extension Repository {
    /// Reads a blob's bytes.
    public func blobContent(_ id: ObjectID) throws(GitError) -> [UInt8] {
        var oid = id.raw
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &oid), "git_blob_lookup(\(id.short))")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let raw = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: raw, count: size))
    }

    /// Calls `body` with a blob's bytes without copying them; the buffer is valid only inside.
    public func withBlobContent<T>(_ id: ObjectID, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        var oid = id.raw
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &oid), "git_blob_lookup(\(id.short))")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        return try body(UnsafeRawBufferPointer(start: git_blob_rawcontent(blob), count: size))
    }

    /// Stores bytes as a blob in the object database and returns its id (like `git hash-object -w`).
    public func writeBlob(_ bytes: [UInt8]) throws(GitError) -> ObjectID {
        var oid = git_oid()
        let repo = try pointer
        let code = bytes.withUnsafeBytes { git_blob_create_from_buffer(&oid, repo, $0.baseAddress, $0.count) }
        try check(code, "git_blob_create_from_buffer")
        return ObjectID(oid)
    }

    /// The id git would give these bytes as a blob, without storing them.
    public static func blobID(of bytes: [UInt8]) throws(GitError) -> ObjectID {
        try libgit2Initialised.get()
        var oid = git_oid()
        let code = bytes.withUnsafeBytes { git_odb_hash(&oid, $0.baseAddress, $0.count, GIT_OBJECT_BLOB) }
        try check(code, "git_odb_hash")
        return ObjectID(oid)
    }
}
