import Fingerprint

// Placeholder until the reader lands (issue 38): it throws, so nothing passes on an unread IPA.
extension IOSApp {
    /// Reads the app in an IPA: `Payload/<Name>.app/Info.plist`, the main executable's code
    /// signature, and `embedded.mobileprovision`. `archive` is the IPA's ZIP.
    package init(ipa archive: ZipArchive) throws(ArtifactProblem) {
        throw ArtifactProblem("the IPA reader is not built yet")
    }
}
