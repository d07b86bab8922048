import Foundation
import TestSupport
import Testing

/// Android release binaries made the way a build makes them, with the real peers: a manifest
/// compiled by pyaxml, zipped, and signed by `apksigner` (an APK) or `jarsigner` (an app bundle,
/// whose manifest is aapt2's protobuf `XmlNode`, written with Python's protobuf package). Keys come
/// from `keytool`; their fingerprints are read back with `openssl`, never computed by relops.
final class AndroidReleaseKeys: @unchecked Sendable {
    static let shared = AndroidReleaseKeys()
    static let password = "release-test-pass"

    let folder = TemporaryFolder("release-keys")
    private let lock = NSLock()
    private var made: [String: String] = [:]

    /// The PKCS#12 keystore of key `name` (alias `key`), made on first use.
    func keystore(_ name: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let path = folder.url("\(name).p12")
        if made[name] != nil { return path }
        let run = runProcess(
            "keytool",
            [
                "-genkeypair", "-storetype", "PKCS12", "-keystore", path, "-storepass", Self.password, "-alias", "key",
                "-dname", "CN=Release \(name), O=Example", "-validity", "365", "-keyalg", "RSA", "-keysize", "2048",
            ])
        try #require(run.status == 0, "keytool: \(run.stderr)")
        let exported = runProcess(
            "keytool",
            ["-exportcert", "-rfc", "-keystore", path, "-storepass", Self.password, "-alias", "key"])
        try #require(exported.status == 0, "keytool: \(exported.stderr)")
        folder.write("\(name).pem", exported.stdout)
        let printed = runProcess(
            "openssl", ["x509", "-noout", "-fingerprint", "-sha256", "-in", folder.url("\(name).pem")])
        try #require(printed.status == 0, "openssl: \(printed.stderr)")
        made[name] = String(printed.stdout.split(separator: "=").last ?? "").trimmingCharacters(
            in: .whitespacesAndNewlines)
        return path
    }

    /// Key `name`'s SHA-256 fingerprint as openssl prints it (`AB:CD:...`).
    func fingerprint(_ name: String) throws -> String {
        _ = try keystore(name)
        lock.lock()
        defer { lock.unlock() }
        return made[name] ?? ""
    }
}

enum AndroidReleaseFixtures {
    /// A release manifest: `package`, `versionName`, an `autoVerify` App Link filter for `hosts`, and
    /// a callback activity for the custom `scheme` when given.
    static func manifest(
        package: String = "com.example.app", versionName: String = "2.4.1", hosts: [String],
        autoVerify: Bool = true, scheme: String? = "com.example.app"
    ) -> String {
        let data = hosts.map { "        <data android:host=\"\($0)\"/>" }.joined(separator: "\n")
        let callback =
            scheme.map {
                """
                    <activity android:name=".auth.CallbackActivity" android:exported="true">
                      <intent-filter>
                        <action android:name="android.intent.action.VIEW"/>
                        <category android:name="android.intent.category.DEFAULT"/>
                        <category android:name="android.intent.category.BROWSABLE"/>
                        <data android:scheme="\($0)" android:host="oauth"/>
                      </intent-filter>
                    </activity>
                """
            } ?? ""
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)"
                android:versionCode="241" android:versionName="\(versionName)">
              <uses-sdk android:minSdkVersion="24" android:targetSdkVersion="34"/>
              <application android:label="Example">
                <activity android:name=".MainActivity" android:exported="true">
                  <intent-filter android:autoVerify="\(autoVerify)">
                    <action android:name="android.intent.action.VIEW"/>
                    <category android:name="android.intent.category.DEFAULT"/>
                    <category android:name="android.intent.category.BROWSABLE"/>
                    <data android:scheme="https"/>
            \(data)
                  </intent-filter>
                </activity>
            \(callback)
              </application>
            </manifest>
            """
    }

    /// An APK of `manifest`, signed by key `key` with apksigner (v2 and v3 for min SDK 24).
    static func apk(_ manifest: String, key: String, in folder: TemporaryFolder, named name: String) throws -> String {
        let tree = "\(name)-tree"
        folder.write("\(tree)/AndroidManifest.xml", bytes: try ManifestPeers.binaryXML(manifest, utf8: false))
        folder.write("\(tree)/classes.dex", "dex\n035\0 classes")
        let unsigned = folder.url("\(name)-unsigned.apk")
        let zipped = runProcess(
            "zip", ["-q", "-r", unsigned, "AndroidManifest.xml", "classes.dex"], in: folder.url(tree))
        try #require(zipped.status == 0, "zip: \(zipped.stderr)")
        let out = folder.url("\(name).apk")
        let signed = runProcess(
            "apksigner",
            [
                "sign", "--ks", try AndroidReleaseKeys.shared.keystore(key), "--ks-pass",
                "pass:\(AndroidReleaseKeys.password)", "--out", out, unsigned,
            ])
        try #require(signed.status == 0, "apksigner: \(signed.stderr)")
        return out
    }

    /// An app bundle of `manifest` (aapt2's protobuf form under `base/manifest/`), signed by the
    /// upload key `key` with jarsigner, as Gradle's `bundleRelease` signs one.
    static func bundle(_ manifest: String, key: String, in folder: TemporaryFolder, named name: String) throws
        -> String
    {
        let tree = "\(name)-tree"
        folder.write("\(name).xml", manifest)
        let converted = runPython(
            ManifestPeers.protobufDescriptors + xmlToProtobuf,
            [folder.url("\(name).xml"), folder.url("\(tree)/base/manifest/AndroidManifest.xml")])
        try #require(converted.status == 0, "protobuf: \(converted.stderr)")
        folder.write("\(tree)/base/dex/classes.dex", "dex\n035\0 classes")
        folder.write("\(tree)/BundleConfig.pb", bytes: [])
        let out = folder.url("\(name).aab")
        let zipped = runProcess("zip", ["-q", "-r", out, "base", "BundleConfig.pb"], in: folder.url(tree))
        try #require(zipped.status == 0, "zip: \(zipped.stderr)")
        let signed = runProcess(
            "jarsigner",
            [
                "-keystore", try AndroidReleaseKeys.shared.keystore(key), "-storetype", "PKCS12", "-storepass",
                AndroidReleaseKeys.password, out, "key",
            ])
        try #require(signed.status == 0, "jarsigner: \(signed.stdout) \(signed.stderr)")
        return out
    }

    /// Manifest text to aapt2's `XmlNode` (after `ManifestPeers.protobufDescriptors`): android
    /// attributes with their resource ids, booleans and numbers compiled as aapt2 compiles them.
    static let xmlToProtobuf = #"""
        import os
        import xml.etree.ElementTree as ET
        ANDROID = "http://schemas.android.com/apk/res/android"
        IDS = {"name": 0x01010003, "scheme": 0x01010027, "host": 0x01010028, "autoVerify": 0x010104ee,
               "versionCode": 0x0101021b, "versionName": 0x0101021c, "exported": 0x01010010, "label": 0x01010001,
               "minSdkVersion": 0x0101020c, "targetSdkVersion": 0x01010270}
        def build(node, element):
            node.element.name = element.tag
            for key, text in element.attrib.items():
                attribute = node.element.attribute.add()
                if key.startswith("{" + ANDROID + "}"):
                    name = key[len(ANDROID) + 2:]
                    attribute.namespace_uri, attribute.name, attribute.value = ANDROID, name, text
                    attribute.resource_id = IDS.get(name, 0)
                    if text in ("true", "false"):
                        attribute.compiled_item.prim.boolean_value = text == "true"
                    elif text.isdigit():
                        attribute.compiled_item.prim.int_decimal_value = int(text)
                else:
                    attribute.name, attribute.value = key, text
            for child in element:
                build(node.element.child.add(), child)
        root = XmlNode()
        root.element.namespace_declaration.add(prefix="android", uri=ANDROID)
        build(root, ET.parse(sys.argv[1]).getroot())
        os.makedirs(os.path.dirname(sys.argv[2]), exist_ok=True)
        open(sys.argv[2], "wb").write(root.SerializeToString())
        """#
}
