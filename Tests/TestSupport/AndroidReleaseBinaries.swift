import Foundation
import Testing

/// Android release binaries made the way a build makes them, with the real peers: a manifest
/// compiled by pyaxml, zipped, and signed by `apksigner` (an APK) or `jarsigner` (an app bundle,
/// whose manifest is aapt2's protobuf `XmlNode`, written with Python's protobuf package). Keys come
/// from `keytool`; their fingerprints are read back with `openssl`, never computed by relops.
public final class AndroidReleaseKeys: @unchecked Sendable {
    public static let shared = AndroidReleaseKeys()
    public static let password = "release-test-pass"

    let folder = TemporaryFolder("release-keys")
    private let lock = NSLock()
    private var made: [String: String] = [:]
    private var passwords: [String: String] = [:]

    /// The store password of key `name`.
    public func password(_ name: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return passwords[name] ?? Self.password
    }

    /// The PKCS#12 keystore of key `name` (alias `key`), with its store password (a debug keystore's
    /// is `android`), made on first use.
    public func keystore(_ name: String, password: String = AndroidReleaseKeys.password) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let path = folder.url("\(name).p12")
        if made[name] != nil { return path }
        passwords[name] = password
        let run = runProcess(
            "keytool",
            [
                "-genkeypair", "-storetype", "PKCS12", "-keystore", path, "-storepass", password, "-alias", "key",
                "-dname", "CN=Release \(name), O=Example", "-validity", "365", "-keyalg", "RSA", "-keysize", "2048",
            ])
        try #require(run.status == 0, "keytool: \(run.stderr)")
        let exported = runProcess(
            "keytool",
            ["-exportcert", "-rfc", "-keystore", path, "-storepass", password, "-alias", "key"])
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
    public func fingerprint(_ name: String) throws -> String {
        _ = try keystore(name)
        lock.lock()
        defer { lock.unlock() }
        return made[name] ?? ""
    }
}

public enum AndroidReleaseFixtures {
    /// A release manifest: `package`, `versionName`, an `autoVerify` App Link filter for `hosts`, and
    /// a callback activity for the custom `scheme` when given.
    public static func manifest(
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
    public static func apk(_ manifest: String, key: String, in folder: TemporaryFolder, named name: String) throws
        -> String
    {
        let tree = "\(name)-tree"
        folder.write("\(tree)/AndroidManifest.xml", bytes: try binaryXML(manifest, utf8: false))
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
                "pass:\(AndroidReleaseKeys.shared.password(key))", "--out", out, unsigned,
            ])
        try #require(signed.status == 0, "apksigner: \(signed.stderr)")
        return out
    }

    /// An app bundle of `manifest` (aapt2's protobuf form under `base/manifest/`), signed by the
    /// upload key `key` with jarsigner, as Gradle's `bundleRelease` signs one.
    public static func bundle(_ manifest: String, key: String, in folder: TemporaryFolder, named name: String) throws
        -> String
    {
        let tree = "\(name)-tree"
        folder.write("\(name).xml", manifest)
        let converted = runPython(
            protobufDescriptors + xmlToProtobuf,
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
                AndroidReleaseKeys.shared.password(key), out, "key",
            ])
        try #require(signed.status == 0, "jarsigner: \(signed.stdout) \(signed.stderr)")
        return out
    }

    /// Manifest text to aapt2's `XmlNode` (after `ManifestPeers.protobufDescriptors`): android
    /// attributes with their resource ids, booleans and numbers compiled as aapt2 compiles them.
    public static let xmlToProtobuf = #"""
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

    /// Compiles manifest text to binary XML with pyaxml, with a UTF-8 or a UTF-16 string pool.
    public static func binaryXML(_ text: String, utf8: Bool) throws -> [UInt8] {
        let folder = TemporaryFolder("manifest")
        folder.write("AndroidManifest.xml.txt", text)
        let run = runPython(
            pyaxmlCompile, [folder.url("AndroidManifest.xml.txt"), folder.url("out.bin"), utf8 ? "utf8" : "utf16"])
        try #require(run.status == 0, "pyaxml failed: \(run.stderr)")
        return folder.read("out.bin")
    }

    /// pyaxml: manifest text to binary XML, with a UTF-8 or UTF-16 string pool.
    public static let pyaxmlCompile = #"""
        import sys
        import pyaxml
        source, output, encoding = sys.argv[1], sys.argv[2], sys.argv[3]
        axml = pyaxml.AXML()
        axml.from_xml(open(source, encoding="utf-8").read())
        axml.compute()
        if encoding == "utf8":
            proto = axml.to_proto()
            proto.stringblocks.hnd.flag |= 0x100
            for block in proto.stringblocks.stringblocks:
                block.data = bytes(block.data).decode("utf-16-le").encode("utf-8")
            axml = pyaxml.AXML.from_proto(proto)
            axml.compute()
        open(output, "wb").write(axml.pack())
        """#

    /// aapt2's `XmlNode` message types, built at run time from a descriptor with the field numbers
    /// of Resources.proto: `XmlNode` is the message class.
    public static let protobufDescriptors = #"""
        import json, sys
        from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

        F = descriptor_pb2.FieldDescriptorProto
        file = descriptor_pb2.FileDescriptorProto(name="relops_test_resources.proto", package="aapt.pb", syntax="proto2")

        def message(name, *fields):
            described = file.message_type.add(name=name)
            for field_name, number, kind in fields:
                repeated = kind.startswith("*")
                kind = kind.lstrip("*")
                field = described.field.add(name=field_name, number=number)
                field.label = F.LABEL_REPEATED if repeated else F.LABEL_OPTIONAL
                scalar = {"string": F.TYPE_STRING, "uint32": F.TYPE_UINT32, "int32": F.TYPE_INT32, "bool": F.TYPE_BOOL, "float": F.TYPE_FLOAT}
                if kind in scalar:
                    field.type = scalar[kind]
                else:
                    field.type = F.TYPE_MESSAGE
                    field.type_name = ".aapt.pb." + kind

        # Field numbers of frameworks/base/tools/aapt2/Resources.proto.
        message("SourcePosition", ("line_number", 1, "uint32"), ("column_number", 2, "uint32"))
        message("Reference", ("type", 1, "uint32"), ("id", 2, "uint32"), ("name", 3, "string"))
        message("String", ("value", 1, "string"))
        message("RawString", ("value", 1, "string"))
        message("Primitive", ("float_value", 3, "float"), ("int_decimal_value", 6, "int32"),
                ("int_hexadecimal_value", 7, "uint32"), ("boolean_value", 8, "bool"))
        message("Item", ("ref", 1, "Reference"), ("str", 2, "String"), ("raw_str", 3, "RawString"), ("prim", 7, "Primitive"))
        message("XmlNamespace", ("prefix", 1, "string"), ("uri", 2, "string"), ("source", 3, "SourcePosition"))
        message("XmlAttribute", ("namespace_uri", 1, "string"), ("name", 2, "string"), ("value", 3, "string"),
                ("source", 4, "SourcePosition"), ("resource_id", 5, "uint32"), ("compiled_item", 6, "Item"))
        message("XmlElement", ("namespace_declaration", 1, "*XmlNamespace"), ("namespace_uri", 2, "string"),
                ("name", 3, "string"), ("attribute", 4, "*XmlAttribute"), ("child", 5, "*XmlNode"))
        message("XmlNode", ("element", 1, "XmlElement"), ("text", 2, "string"), ("source", 3, "SourcePosition"))
        pool = descriptor_pool.DescriptorPool()
        pool.Add(file)
        XmlNode = message_factory.GetMessageClass(pool.FindMessageTypeByName("aapt.pb.XmlNode"))

        """#
}
