#!/usr/bin/env python3
"""Makes the release binaries Benchmarks/release-binaries.sh times, in the shape of real ones.

APK (about 100 MB, as a Flutter or React Native release APK of a large app): the binary manifest
(compiled by pyaxml), classes.dex .. classes8.dex deflated, native libraries for three ABIs stored
(page-aligned as AGP stores them), resources.arsc stored, 4,000 small res/ files and 300 assets.
IPA (about 100 MB): a universal executable whose code signature carries the entitlements (made by
Tests/Fixtures/ipa_fixture.py), 12 embedded frameworks, Assets.car, 1,500 nib/strings/png files,
and an embedded.mobileprovision signed with `openssl cms`.
Incompressible content is random bytes from a fixed seed, so every run builds the same files.
Usage: release-binaries.py FOLDER (writes FOLDER/app-release-unsigned.apk and FOLDER/App.ipa)
"""
import json, os, random, subprocess, sys, zipfile

folder = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(38)


def noise(size):
    return rng.randbytes(size)


def text(size):
    words = [b"view", b"layout", b"android", b"string", b"color", b"dimen", b"style", b"theme"]
    out = bytearray()
    while len(out) < size:
        out += rng.choice(words) + b" "
    return bytes(out[:size])


def apk():
    import pyaxml
    manifest = """<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app"
    android:versionCode="241" android:versionName="2.4.1">
  <uses-sdk android:minSdkVersion="24" android:targetSdkVersion="34"/>
  <application android:label="Example">
    <activity android:name=".MainActivity" android:exported="true">
      <intent-filter android:autoVerify="true">
        <action android:name="android.intent.action.VIEW"/>
        <category android:name="android.intent.category.DEFAULT"/>
        <category android:name="android.intent.category.BROWSABLE"/>
        <data android:scheme="https" android:host="new.example.com"/>
      </intent-filter>
    </activity>
  </application>
</manifest>"""
    axml = pyaxml.AXML()
    axml.from_xml(manifest)
    axml.compute()
    path = os.path.join(folder, "app-release-unsigned.apk")
    with zipfile.ZipFile(path, "w") as z:
        deflated, stored = zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED
        z.writestr("AndroidManifest.xml", axml.pack(), deflated)
        for i in range(1, 9):
            z.writestr("classes.dex" if i == 1 else f"classes{i}.dex", noise(6 << 20) + text(3 << 20), deflated)
        for abi in ["arm64-v8a", "armeabi-v7a", "x86_64"]:
            for lib in ["libapp.so", "libflutter.so", "libsqlite.so"]:
                z.writestr(zipfile.ZipInfo(f"lib/{abi}/{lib}"), noise(4 << 20), stored)
        z.writestr(zipfile.ZipInfo("resources.arsc"), text(2 << 20), stored)
        for i in range(4000):
            name = f"res/{['drawable', 'layout', 'values', 'xml'][i % 4]}/r{i}.{'png' if i % 4 == 0 else 'xml'}"
            z.writestr(name, noise(2000) if i % 4 == 0 else text(1500), deflated)
        for i in range(300):
            z.writestr(f"assets/flutter_assets/a{i}.bin", noise(50_000), deflated)
    return path


def generator(kind, spec, out):
    spec_path = os.path.join(folder, "spec.json")
    json.dump(spec, open(spec_path, "w"))
    subprocess.run([sys.executable, os.path.join(here, "../Tests/Fixtures/ipa_fixture.py"), kind, spec_path,
                    folder, out], check=True)
    return open(out, "rb").read()


def ipa():
    entitlements = {"application-identifier": "ABCDE12345.com.example.app",
                    "com.apple.developer.team-identifier": "ABCDE12345",
                    "com.apple.developer.associated-domains": ["applinks:new.example.com"]}
    macho = generator("macho", {"slices": [{"cpu": "arm64", "entitlements": entitlements},
                                           {"cpu": "x86_64", "entitlements": entitlements}], "fat": True},
                      os.path.join(folder, "App.bin"))
    profile = generator("profile", {"Name": "Example App Store", "TeamIdentifier": ["ABCDE12345"],
                                    "Entitlements": dict(entitlements, **{"com.apple.developer.associated-domains": "*"})},
                        os.path.join(folder, "profile.bin"))
    import plistlib
    info = plistlib.dumps({"CFBundleIdentifier": "com.example.app", "CFBundleExecutable": "App",
                           "CFBundleShortVersionString": "2.4.1", "CFBundleVersion": "241"}, fmt=plistlib.FMT_BINARY)
    path = os.path.join(folder, "App.ipa")
    app = "Payload/App.app/"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(app + "Info.plist", info)
        # The executable's code and data after its headers: 44 MB, as a large app's arm64 + x86_64 binary.
        z.writestr(app + "App", macho + noise(36 << 20) + text(8 << 20))
        z.writestr(app + "embedded.mobileprovision", profile)
        z.writestr(app + "Assets.car", noise(20 << 20))
        for i in range(12):
            z.writestr(f"{app}Frameworks/F{i}.framework/F{i}", noise(3 << 20) + text(1 << 20))
            z.writestr(f"{app}Frameworks/F{i}.framework/Info.plist", plistlib.dumps({"CFBundleIdentifier": f"f{i}"}))
        for i in range(1500):
            kind = ["nib", "strings", "png"][i % 3]
            z.writestr(f"{app}{['en', 'de', 'fr'][i % 3]}.lproj/s{i}.{kind}", noise(3000) if kind == "png" else text(2000))
    return path


os.makedirs(folder, exist_ok=True)
print(apk())
print(ipa())
