import Fingerprint
import RelopsCore

/// `relops fingerprint rotate --format json`, in its two forms: a schema version and where
/// assetlinks.json is served from, then either the edit of the file this repository serves
/// (previewed, or applied with `--apply`) with what it leaves behind, or, when another repository
/// serves the document, what its team must change (nothing is applied).
public enum RotationDocument: Encodable, Sendable {
    /// The version of this layout that this relops writes.
    public static let schemaVersion = 1

    /// An edit of a file this repository serves (`source` nil when `--config` named a file that
    /// is not a source relops found); `applied` when `--apply` changed it.
    case file(source: AssociationSource?, rotation: FingerprintRotation, applied: Bool)
    /// A document another repository serves.
    case external(ExternalRotation)

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case source, config, key, applied, changed, before, after, retired, overrides, add, retire, instructions
        case staleDocuments = "stale_documents"
        case uncheckedKeystores = "unchecked_keystores"
        case keepOld = "keep_old"
    }

    /// A keystore not checked: its path and why.
    enum KeystoreKeys: String, CodingKey { case path, reason }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        switch self {
        case .file(let source, let rotation, let applied):
            try object.encode(source, forKey: .source)
            try object.encode(rotation.target.displayPath, forKey: .config)
            try object.encode(rotation.target.key, forKey: .key)
            try object.encode(applied, forKey: .applied)
            try object.encode(rotation.changesConfig, forKey: .changed)
            try object.encode(rotation.oldValues, forKey: .before)
            try object.encode(rotation.newValues, forKey: .after)
            try object.encode(rotation.retired.map(\.canonical), forKey: .retired)
            try object.encode(rotation.overrides, forKey: .overrides)
            try object.encode(rotation.staleDocuments, forKey: .staleDocuments)
            var keystores = object.nestedUnkeyedContainer(forKey: .uncheckedKeystores)
            for keystore in rotation.uncheckedKeystores {
                var item = keystores.nestedContainer(keyedBy: KeystoreKeys.self)
                try item.encode(keystore.path, forKey: .path)
                try item.encode(keystore.reason, forKey: .reason)
            }
        case .external(let change):
            try object.encode(change.source, forKey: .source)
            try object.encode(false, forKey: .applied)
            try object.encode(false, forKey: .changed)
            try object.encode(change.add, forKey: .add)
            try object.encode(change.retire, forKey: .retire)
            try object.encode(change.keepOld, forKey: .keepOld)
            try object.encode(change.instructions, forKey: .instructions)
        }
    }
}
