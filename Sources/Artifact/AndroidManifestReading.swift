// Placeholder until the readers land (issue 38): each throws, so nothing passes on an unread manifest.
extension AndroidAppManifest {
    /// Reads an APK's binary XML `AndroidManifest.xml`.
    public init(binaryXML bytes: [UInt8]) throws(ArtifactProblem) {
        throw ArtifactProblem("AndroidManifest.xml: the binary XML reader is not built yet")
    }

    /// Reads an AAB's protobuf `base/manifest/AndroidManifest.xml` (aapt2's `XmlNode`).
    public init(protobufXML bytes: [UInt8]) throws(ArtifactProblem) {
        throw ArtifactProblem("base/manifest/AndroidManifest.xml: the protobuf XML reader is not built yet")
    }
}
