import Artifact
import Foundation
import TestSupport
import Testing

/// The Python peers the manifest tests use: pyaxml compiles manifest text to binary XML, androguard
/// reads binary XML back (the oracle), and Python's protobuf package writes aapt2's `XmlNode` and
/// reads it back. Each oracle prints the manifest as JSON, by the same rules as relops's walk.
enum ManifestPeers {
    /// A release-like manifest: a launcher filter, an App Link filter for two hosts, a custom-scheme
    /// OAuth callback, an activity-alias whose host is a resource reference, and intent filters that
    /// do not count (a `<service>`'s, a `<queries>` intent).
    static let releaseManifest = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app"
            android:versionCode="42" android:versionName="2.4.1" android:versionCodeMajor="1">
          <uses-sdk android:minSdkVersion="24" android:targetSdkVersion="34"/>
          <queries>
            <intent>
              <action android:name="android.intent.action.VIEW"/>
              <data android:scheme="https" android:host="queried.example.net"/>
            </intent>
          </queries>
          <application android:label="Example">
            <activity android:name=".MainActivity" android:exported="true">
              <intent-filter>
                <action android:name="android.intent.action.MAIN"/>
                <category android:name="android.intent.category.LAUNCHER"/>
              </intent-filter>
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW"/>
                <category android:name="android.intent.category.DEFAULT"/>
                <category android:name="android.intent.category.BROWSABLE"/>
                <data android:scheme="https"/>
                <data android:scheme="http"/>
                <data android:host="example.org"/>
                <data android:host="www.example.org" android:pathPrefix="/app"/>
              </intent-filter>
            </activity>
            <activity android:name=".auth.CallbackActivity" android:exported="true">
              <intent-filter>
                <action android:name="android.intent.action.VIEW"/>
                <category android:name="android.intent.category.DEFAULT"/>
                <category android:name="android.intent.category.BROWSABLE"/>
                <data android:scheme="com.example.app" android:host="oauth"/>
              </intent-filter>
            </activity>
            <activity-alias android:name=".ShareAlias" android:targetActivity=".MainActivity">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW"/>
                <category android:name="android.intent.category.BROWSABLE"/>
                <data android:scheme="https" android:host="@7f0e0012"/>
              </intent-filter>
            </activity-alias>
            <service android:name=".SyncService">
              <intent-filter>
                <action android:name="android.intent.action.VIEW"/>
                <data android:scheme="https" android:host="service.example.org"/>
              </intent-filter>
            </service>
          </application>
        </manifest>
        """#

    /// A manifest with an activity but no intent filter at all.
    static let noFilters = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.plain"
            android:versionCode="7">
          <application android:label="Plain">
            <activity android:name=".Only"/>
          </application>
        </manifest>
        """#

    /// Compiles manifest text to binary XML with pyaxml, with a UTF-8 or a UTF-16 string pool.
    static func binaryXML(_ text: String, utf8: Bool) throws -> [UInt8] {
        try AndroidReleaseFixtures.binaryXML(text, utf8: utf8)
    }

    /// What androguard reads in binary XML `bytes`.
    static func androguardReading(_ bytes: [UInt8]) throws -> AndroidAppManifest {
        let folder = TemporaryFolder("manifest")
        folder.write("AndroidManifest.xml", bytes: bytes)
        let run = runPython(androguardScript, [folder.url("AndroidManifest.xml")])
        try #require(run.status == 0, "androguard failed: \(run.stderr)")
        return try JSONDecoder().decode(PeerManifest.self, from: Data(run.stdout.utf8)).manifest
    }

    /// The release manifest as aapt2's protobuf `XmlNode`, and what Python's protobuf reads in it.
    static func protobufXML() throws -> (bytes: [UInt8], reading: AndroidAppManifest) {
        let folder = TemporaryFolder("manifest")
        let run = runPython(protobufScript, [folder.url("AndroidManifest.pb")])
        try #require(run.status == 0, "protobuf failed: \(run.stderr)")
        let reading = try JSONDecoder().decode(PeerManifest.self, from: Data(run.stdout.utf8)).manifest
        return (folder.read("AndroidManifest.pb"), reading)
    }

    static let androguardScript = #"""
        import json, re, sys
        from loguru import logger
        logger.remove()
        from androguard.core.axml import AXMLPrinter
        A = "{http://schemas.android.com/apk/res/android}"
        root = AXMLPrinter(open(sys.argv[1], "rb").read()).get_xml_obj()
        def value(element, name, unresolved):
            text = element.get(A + name)
            if text is not None and re.fullmatch(r"@[0-9A-Fa-f]{8}", text):
                unresolved.append("android:%s=@0x%s" % (name, text[1:].lower()))
                return None
            return text
        def add(values, text):
            if text is not None and text not in values:
                values.append(text)
        manifest = {"package": root.get("package"), "unresolved": [], "filters": []}
        code, major = value(root, "versionCode", manifest["unresolved"]), value(root, "versionCodeMajor", manifest["unresolved"])
        manifest["versionCode"] = None if code is None and major is None else (int(major or 0) & 0xFFFFFFFF) << 32 | int(code or 0) & 0xFFFFFFFF
        manifest["versionName"] = value(root, "versionName", manifest["unresolved"])
        for application in root.findall("application"):
            for component in application:
                if component.tag not in ("activity", "activity-alias"):
                    continue
                for intent in component.findall("intent-filter"):
                    filter = {"component": component.get(A + "name"), "unresolved": [], "actions": [], "categories": [], "schemes": [], "hosts": []}
                    filter["autoVerify"] = intent.get(A + "autoVerify") == "true"
                    for child in intent:
                        if child.tag == "action":
                            filter["actions"].append(value(child, "name", filter["unresolved"]))
                        elif child.tag == "category":
                            filter["categories"].append(value(child, "name", filter["unresolved"]))
                        elif child.tag == "data":
                            add(filter["schemes"], value(child, "scheme", filter["unresolved"]))
                            add(filter["hosts"], value(child, "host", filter["unresolved"]))
                    manifest["filters"].append(filter)
        print(json.dumps(manifest))
        """#

    static let protobufScript =
        AndroidReleaseFixtures.protobufDescriptors + #"""
            ANDROID = "http://schemas.android.com/apk/res/android"
            IDS = {"name": 0x01010003, "scheme": 0x01010027, "host": 0x01010028, "autoVerify": 0x010104ee,
                   "versionCode": 0x0101021b, "versionName": 0x0101021c, "versionCodeMajor": 0x01010576,
                   "exported": 0x01010010, "label": 0x01010001}

            def element(node, name, attributes=(), children=(), line=0):
                node.element.name = name
                if line:
                    node.source.line_number = line
                for spec in attributes:
                    attribute = node.element.attribute.add()
                    key, text = spec[0], spec[1]
                    if key == "package":
                        attribute.name, attribute.value = key, text
                        continue
                    attribute.namespace_uri, attribute.name, attribute.value = ANDROID, key, text
                    if "no-id" not in spec:
                        attribute.resource_id = IDS[key]
                    if "bool" in spec:
                        attribute.compiled_item.prim.boolean_value = text == "true"
                    if "int" in spec:
                        attribute.compiled_item.prim.int_decimal_value = int(text)
                    if "ref" in spec:
                        attribute.compiled_item.ref.id = spec[2]
                        attribute.compiled_item.ref.name = text[1:]
                for number, child in enumerate(children):
                    element(node.element.child.add(), *child, line=line * 10 + number + 1)

            def link_filter(auto_verify, *data):
                view = [("action", [("name", "android.intent.action.VIEW")]),
                        ("category", [("name", "android.intent.category.DEFAULT")]),
                        ("category", [("name", "android.intent.category.BROWSABLE")])]
                return ("intent-filter", auto_verify, view + [("data", list(d)) for d in data])

            def release_manifest():
                root = XmlNode()
                namespace = root.element.namespace_declaration.add(prefix="android", uri=ANDROID)
                element(root, "manifest", [("package", "com.example.app"), ("versionCode", "42", "int"),
                                           ("versionName", "2.4.1"), ("versionCodeMajor", "1", "int")], [
                    ("uses-sdk", []),
                    ("queries", [], [("intent", [], [("action", [("name", "android.intent.action.VIEW")]),
                                                     ("data", [("scheme", "https"), ("host", "queried.example.net")])])]),
                    ("application", [("label", "Example")], [
                        ("activity", [("name", ".MainActivity"), ("exported", "true", "bool")], [
                            ("intent-filter", [], [("action", [("name", "android.intent.action.MAIN")]),
                                                   ("category", [("name", "android.intent.category.LAUNCHER")])]),
                            link_filter([("autoVerify", "true", "bool")], [("scheme", "https")], [("scheme", "http")],
                                        [("host", "example.org")], [("host", "www.example.org")]),
                        ]),
                        ("activity", [("name", ".auth.CallbackActivity", "no-id")], [
                            link_filter([], [("scheme", "com.example.app"), ("host", "oauth")]),
                        ]),
                        ("activity-alias", [("name", ".ShareAlias")], [
                            link_filter([("autoVerify", "true")], [("scheme", "https"), ("host", "@string/app_host", 0x7f0e0012, "ref")]),
                        ]),
                        ("service", [("name", ".SyncService")], [
                            link_filter([("autoVerify", "true", "bool")], [("scheme", "https"), ("host", "service.example.org")]),
                        ]),
                    ]),
                ])
                return root

            def attributes(node):
                found = {}
                for attribute in node.element.attribute:
                    if attribute.namespace_uri == "" and attribute.name == "package":
                        found["package"] = ("string", attribute.value)
                    elif attribute.namespace_uri == ANDROID:
                        item = attribute.compiled_item
                        if attribute.HasField("compiled_item") and item.HasField("ref"):
                            found[attribute.name] = ("ref", "@0x%08x" % item.ref.id)
                        elif attribute.HasField("compiled_item") and item.HasField("prim") and item.prim.HasField("boolean_value"):
                            found[attribute.name] = ("bool", item.prim.boolean_value)
                        elif attribute.HasField("compiled_item") and item.HasField("prim") and item.prim.HasField("int_decimal_value"):
                            found[attribute.name] = ("int", item.prim.int_decimal_value)
                        else:
                            found[attribute.name] = ("string", attribute.value)
                return found

            def view(root):
                """The manifest as the parsed message says it, by the same rules as relops's walk."""
                top = attributes(root)
                manifest = {"package": top["package"][1], "unresolved": [], "filters": [],
                            "versionName": top.get("versionName", (None, None))[1]}
                code, major = top.get("versionCode"), top.get("versionCodeMajor")
                manifest["versionCode"] = (major[1] if major else 0) << 32 | (code[1] if code else 0)
                for application in root.element.child:
                    if application.element.name != "application":
                        continue
                    for component in application.element.child:
                        if component.element.name not in ("activity", "activity-alias"):
                            continue
                        for intent in component.element.child:
                            if intent.element.name != "intent-filter":
                                continue
                            values = attributes(intent)
                            auto = values.get("autoVerify")
                            filter = {"component": attributes(component)["name"][1], "unresolved": [], "actions": [],
                                      "categories": [], "schemes": [], "hosts": [],
                                      "autoVerify": auto is not None and auto[1] in (True, "true")}
                            for child in intent.element.child:
                                values = attributes(child)
                                for key, kind in (("name", None), ("scheme", "schemes"), ("host", "hosts")):
                                    if key not in values:
                                        continue
                                    if values[key][0] == "ref":
                                        filter["unresolved"].append("android:%s=%s" % (key, values[key][1]))
                                        continue
                                    target = kind or {"action": "actions", "category": "categories"}.get(child.element.name)
                                    if target in ("actions", "categories") or (target and values[key][1] not in filter[target]):
                                        filter[target].append(values[key][1])
                            manifest["filters"].append(filter)
                return manifest

            data = release_manifest().SerializeToString()
            open(sys.argv[1], "wb").write(data)
            parsed = XmlNode()
            parsed.ParseFromString(open(sys.argv[1], "rb").read())
            print(json.dumps(view(parsed)))
            """#
}

/// The JSON the peers print.
struct PeerManifest: Decodable {
    struct Filter: Decodable {
        let component: String
        let autoVerify: Bool
        let actions, categories, schemes, hosts, unresolved: [String]
    }

    let package: String
    let versionCode: Int?
    let versionName: String?
    let unresolved: [String]
    let filters: [Filter]

    var manifest: AndroidAppManifest {
        AndroidAppManifest(
            package: package, versionCode: versionCode, versionName: versionName,
            intentFilters: filters.map {
                IntentFilter(
                    component: $0.component, autoVerify: $0.autoVerify, actions: $0.actions, categories: $0.categories,
                    schemes: $0.schemes, hosts: $0.hosts, unresolved: $0.unresolved)
            }, unresolved: unresolved)
    }
}
