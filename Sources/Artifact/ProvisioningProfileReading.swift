import Fingerprint

extension ProvisioningProfile {
    /// Reads an `embedded.mobileprovision`: a CMS / PKCS#7 SignedData whose encapsulated content
    /// is a property list. The CMS signature is NOT verified: relops reads what the profile
    /// claims; checking Apple's signature (of the profile and of the code) is Apple's job at
    /// install time. `path` names the file in the archive, for messages and `entitlements.source`.
    init(cms bytes: [UInt8], path: String) throws(ArtifactProblem) {
        let content: [UInt8]?
        do {
            content = try BERElement.signedDataContent(bytes)
        } catch {
            throw ArtifactProblem("\(path): not a CMS SignedData (malformed at byte \(error.offset))")
        }
        guard let content else { throw ArtifactProblem("\(path): the CMS SignedData carries no content") }
        let plist = try PropertyList(content, name: path)
        let fields = try PropertyListFields(plist, place: path)
        let entitlements: Entitlements
        if let dictionary = fields.entries["Entitlements"] {
            entitlements = try Entitlements(dictionary, source: path)
        } else {
            entitlements = Entitlements(source: path)
        }
        var expiration: String?
        if let date = fields.entries["ExpirationDate"] {
            guard let text = date.iso8601Date else { throw ArtifactProblem("\(path): ExpirationDate is not a date") }
            expiration = text
        }
        self.init(
            name: try fields.string("Name"), teamIdentifiers: try fields.strings("TeamIdentifier"),
            entitlements: entitlements, expirationDate: expiration,
            listsDevices: fields.entries["ProvisionedDevices"] != nil)
    }
}
