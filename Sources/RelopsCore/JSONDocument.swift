extension JSONValueEncoder {
    /// `value` as the text `JSONValue.rendered(pretty:)` writes for it (keys in the order they were
    /// encoded); a value that cannot be encoded is an error naming `what` (`the verify report`).
    public func text<T: Encodable>(_ value: T, _ what: String, pretty: Bool = true) throws(Failure) -> String {
        do {
            return try encode(value).rendered(pretty: pretty)
        } catch {
            throw Failure(.couldNotCheck, "cannot write \(what) as JSON: \(error)")
        }
    }
}

extension KeyedDecodingContainer {
    /// The schema version of an output document at `key`: 1 to `newest` (the one this relops
    /// writes); a missing, mistyped or newer version throws, saying a newer relops wrote it.
    public func schemaVersion(forKey key: Key, newest: Int) throws -> Int {
        let version = try decode(Int.self, forKey: key)
        guard (1...newest).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "schema version \(version) is not one this relops reads (1 to \(newest)); "
                    + "a newer relops wrote it")
        }
        return version
    }
}
