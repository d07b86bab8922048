#!/usr/bin/env python3
"""Writes a repository with the shape of a real Flutter app (learned from public ones such as
openfoodfacts/smooth-app: a Flutter package with gen-l10n ARB files for ~120 locales of ~140 KB
each, the Android `values-*/strings.xml` and iOS `*.lproj` translations, a Runner `project.pbxproj`
whose variant groups list every locale, Fastfiles and CI workflows that pass `--dart-define`,
fastlane store metadata per locale, local packages, assets). About 7,800 files, about 1,000 Dart
files under `lib/`, and about 3,000 occurrences of the needle in about 1,100 files.
Deterministic (a fixed seed). Usage: flutter-app-corpus.py DIR NEEDLE"""
import os
import random
import sys

root, needle = sys.argv[1], sys.argv[2]
rng = random.Random(40)
words = "product scan barcode nutrition allergen label brand store country category photo".split()
locales = [a + b for a in "abcdefghijklmnopqrstuvwxyz"[:12] for b in "aeiou"][:60]
locales += [a + b for a in "mnoprstuvz" for b in "aeiouy"][:60]  # 120 locales


def write(path, text, mode="w"):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, mode) as f:
        f.write(text)


def filler(n):
    return " ".join(rng.choice(words) for _ in range(n))


def url(path=""):
    return f"https://{needle}/{path or rng.choice(words)}"


def hex_id():
    return "".join(rng.choice("0123456789ABCDEF") for _ in range(24))


# lib/: ~1,000 Dart files by feature; ~250 of them name the host.
features = [f"{w}_{k}" for w in words for k in range(9)]
dart_with_host = set(rng.sample(range(1000), 250))
for k in range(1000):
    feature = features[k % len(features)]
    body = [f"import 'package:app/{features[(k + 1) % len(features)]}/model.dart';", ""]
    body += [f"class {feature.title().replace('_', '')}Widget{k} extends StatelessWidget {{"]
    for j in range(rng.randint(30, 120)):
        body.append(f"  // {filler(8)}")
        body.append(f"  final String field{j} = '{filler(3)}';")
    if k in dart_with_host:
        body.append(f"  static const link = '{url()}';")
        body.append(f"  Uri get page => Uri.https('{needle}', '/{rng.choice(words)}');")
    body.append("}")
    write(f"lib/{feature}/widget_{k}.dart", "\n".join(body) + "\n")
write(
    "lib/config.dart",
    f"const apiHost = String.fromEnvironment('API_HOST', defaultValue: 'https://{needle}');\n"
    "const flavor = String.fromEnvironment('FLAVOR', defaultValue: 'prod');\n",
)

# gen-l10n: lib/l10n/app_XX.arb, ~140 KB each, eight URLs with the host in each.
for locale in locales:
    rows, marked = [], set(rng.sample(range(1400), 8))
    for k in range(1400):
        value = f"{filler(3)} {url()}" if k in marked else filler(10)
        rows.append(f'    "key_{k}": "{value}",')
        if k % 4 == 0:
            rows.append(f'    "@key_{k}": {{ "description": "{filler(5)}" }},')
    write(f"lib/l10n/app_{locale}.arb", "{\n    \"@@locale\": \"" + locale + "\",\n" + "\n".join(rows) + "\n    \"end\": \"\"\n}\n")
write("l10n.yaml", "arb-dir: lib/l10n\ntemplate-arb-file: app_en.arb\noutput-localization-file: app_localizations.dart\n")

# Android: strings.xml per locale (four hits each), the app module, launcher assets.
for locale in locales:
    rows, marked = [], set(rng.sample(range(600), 4))
    for k in range(600):
        value = url() if k in marked else filler(6)
        rows.append(f'    <string name="s_{k}">{value}</string>')
    write(f"android/app/src/main/res/values-{locale}/strings.xml",
          '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n' + "\n".join(rows) + "\n</resources>\n")
for density in ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]:
    for k in range(40):
        write(f"android/app/src/main/res/drawable-{density}/ic_{k}.png", b"\x89PNG\r\n\x1a\n" + rng.randbytes(900), "wb")
write("android/app/src/main/AndroidManifest.xml", f"""<manifest xmlns:android="http://schemas.android.com/apk/res/android">
  <application android:label="App">
    <activity android:name=".MainActivity" android:exported="true">
      <intent-filter android:autoVerify="true">
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="{needle}" />
      </intent-filter>
    </activity>
  </application>
</manifest>
""")
write("android/app/build.gradle", """plugins {
    id "com.android.application"
    id "kotlin-android"
    id "dev.flutter.flutter-gradle-plugin"
}
android {
    namespace "org.example.app"
    defaultConfig { applicationId "org.example.app" }
}
flutter { source "../.." }
""")
write("android/settings.gradle", "include ':app'\n")
write("android/app/src/main/kotlin/org/example/app/MainActivity.kt",
      "package org.example.app\n\nimport io.flutter.embedding.android.FlutterActivity\n\nclass MainActivity : FlutterActivity()\n")

# iOS: *.lproj per locale (three hits in Localizable.strings), the Runner project, entitlements.
for locale in locales:
    write(f"ios/Runner/{locale}.lproj/InfoPlist.strings", f'"NSCameraUsageDescription" = "{filler(8)}";\n')
    lines = [f'"k{k}" = "{url() if k < 3 else filler(5)}";' for k in range(60)]
    write(f"ios/Runner/{locale}.lproj/Localizable.strings", "\n".join(lines) + "\n")
write("ios/Runner/Runner.entitlements", f"""<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>com.apple.developer.associated-domains</key>
  <array><string>applinks:{needle}</string><string>webcredentials:{needle}</string></array>
</dict></plist>
""")
write("ios/Runner/AppDelegate.swift", "import Flutter\nimport UIKit\n\n@main\n@objc class AppDelegate: FlutterAppDelegate {}\n")
write("ios/Runner/Info.plist", "<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string></dict></plist>\n")


def pbxproj():
    ids = {name: hex_id() for name in ["target", "tests", "group", "main", "runner", "variant", "list", "debug", "release", "profile",
                                        "sources", "resources", "script", "thin", "pods", "delegate", "delegateFile", "stringsFile"]}
    refs = [(hex_id(), locale) for locale in locales]
    out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {\n\t};", "\tobjectVersion = 54;", "\tobjects = {", ""]
    out.append("/* Begin PBXBuildFile section */")
    out.append(f"\t\t{ids['delegate']} /* AppDelegate.swift in Sources */ = {{isa = PBXBuildFile; fileRef = {ids['delegateFile']} /* AppDelegate.swift */; }};")
    out.append(f"\t\t{ids['stringsFile']} /* InfoPlist.strings in Resources */ = {{isa = PBXBuildFile; fileRef = {ids['variant']} /* InfoPlist.strings */; }};")
    out.append("/* End PBXBuildFile section */\n\n/* Begin PBXFileReference section */")
    out.append(f"\t\t{ids['delegateFile']} /* AppDelegate.swift */ = {{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = \"<group>\"; }};")
    for ref, locale in refs:
        out.append(f"\t\t{ref} /* {locale} */ = {{isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = {locale}; path = {locale}.lproj/InfoPlist.strings; sourceTree = \"<group>\"; }};")
    out.append("/* End PBXFileReference section */\n\n/* Begin PBXGroup section */")
    out.append(f"\t\t{ids['main']} = {{\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t\t{ids['runner']} /* Runner */,\n\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t}};")
    out.append(f"\t\t{ids['runner']} /* Runner */ = {{\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t\t{ids['delegateFile']} /* AppDelegate.swift */,\n\t\t\t\t{ids['variant']} /* InfoPlist.strings */,\n\t\t\t);\n\t\t\tpath = Runner;\n\t\t\tsourceTree = \"<group>\";\n\t\t}};")
    out.append("/* End PBXGroup section */\n\n/* Begin PBXNativeTarget section */")
    out.append(f"""\t\t{ids['target']} /* Runner */ = {{
\t\t\tisa = PBXNativeTarget;
\t\t\tbuildConfigurationList = {ids['list']} /* Build configuration list for PBXNativeTarget "Runner" */;
\t\t\tbuildPhases = (
\t\t\t\t{ids['pods']} /* [CP] Check Pods Manifest.lock */,
\t\t\t\t{ids['script']} /* Run Script */,
\t\t\t\t{ids['sources']} /* Sources */,
\t\t\t\t{ids['resources']} /* Resources */,
\t\t\t\t{ids['thin']} /* Thin Binary */,
\t\t\t);
\t\t\tname = Runner;
\t\t\tproductName = Runner;
\t\t\tproductType = "com.apple.product-type.application";
\t\t}};""")
    out.append(f"\t\t{ids['tests']} /* RunnerTests */ = {{isa = PBXNativeTarget; buildPhases = (); name = RunnerTests; productType = \"com.apple.product-type.bundle.unit-test\"; }};")
    out.append("/* End PBXNativeTarget section */\n\n/* Begin PBXResourcesBuildPhase section */")
    out.append(f"\t\t{ids['resources']} /* Resources */ = {{isa = PBXResourcesBuildPhase; files = (\n\t\t\t\t{ids['stringsFile']} /* InfoPlist.strings in Resources */,\n\t\t\t); }};")
    out.append(f"\t\t{ids['sources']} /* Sources */ = {{isa = PBXSourcesBuildPhase; files = (\n\t\t\t\t{ids['delegate']} /* AppDelegate.swift in Sources */,\n\t\t\t); }};")
    out.append("/* End PBXResourcesBuildPhase section */\n\n/* Begin PBXShellScriptBuildPhase section */")
    for key, name, script in [("script", "Run Script", r'/bin/sh \"$FLUTTER_ROOT/packages/flutter_tools/bin/xcode_backend.sh\" build'),
                              ("thin", "Thin Binary", r'/bin/sh \"$FLUTTER_ROOT/packages/flutter_tools/bin/xcode_backend.sh\" embed_and_thin'),
                              ("pods", "[CP] Check Pods Manifest.lock", r'diff \"${PODS_PODFILE_DIR_PATH}/Podfile.lock\" \"${PODS_ROOT}/Manifest.lock\" > /dev/null\nif [ $? != 0 ] ; then\n    echo \"error: The sandbox is not in sync.\" >&2\n    exit 1\nfi\n')]:
        out.append(f"""\t\t{ids[key]} /* {name} */ = {{
\t\t\tisa = PBXShellScriptBuildPhase;
\t\t\tbuildActionMask = 2147483647;
\t\t\tfiles = (
\t\t\t);
\t\t\tname = "{name}";
\t\t\tshellPath = /bin/sh;
\t\t\tshellScript = "{script}";
\t\t}};""")
    out.append("/* End PBXShellScriptBuildPhase section */\n\n/* Begin PBXVariantGroup section */")
    children = "\n".join(f"\t\t\t\t{ref} /* {locale} */," for ref, locale in refs)
    out.append(f"\t\t{ids['variant']} /* InfoPlist.strings */ = {{\n\t\t\tisa = PBXVariantGroup;\n\t\t\tchildren = (\n{children}\n\t\t\t);\n\t\t\tname = InfoPlist.strings;\n\t\t\tsourceTree = \"<group>\";\n\t\t}};")
    out.append("/* End PBXVariantGroup section */\n\n/* Begin XCBuildConfiguration section */")
    for key in ["debug", "release", "profile"]:
        settings = "\n".join(f"\t\t\t\t{k} = {v};" for k, v in [
            ("ASSETCATALOG_COMPILER_APPICON_NAME", "AppIcon"), ("CODE_SIGN_ENTITLEMENTS", "Runner/Runner.entitlements"),
            ("CURRENT_PROJECT_VERSION", "\"$(FLUTTER_BUILD_NUMBER)\""), ("DEVELOPMENT_TEAM", "ABCDE12345"),
            ("ENABLE_BITCODE", "NO"), ("INFOPLIST_FILE", "Runner/Info.plist"),
            ("LD_RUNPATH_SEARCH_PATHS", "(\n\t\t\t\t\t\"$(inherited)\",\n\t\t\t\t\t\"@executable_path/Frameworks\",\n\t\t\t\t)"),
            ("PRODUCT_BUNDLE_IDENTIFIER", "org.example.app"), ("PRODUCT_NAME", "\"$(TARGET_NAME)\""),
            ("SWIFT_VERSION", "5.0"), ("VERSIONING_SYSTEM", "\"apple-generic\"")])
        out.append(f"\t\t{ids[key]} /* {key.title()} */ = {{\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {{\n{settings}\n\t\t\t}};\n\t\t\tname = {key.title()};\n\t\t}};")
    out.append("/* End XCBuildConfiguration section */\n\n/* Begin XCConfigurationList section */")
    out.append(f"\t\t{ids['list']} = {{isa = XCConfigurationList; buildConfigurations = ({ids['debug']}, {ids['release']}, {ids['profile']}, ); defaultConfigurationName = Release; }};")
    out.append("/* End XCConfigurationList section */\n\t};\n\trootObject = " + ids["group"] + ";\n}\n")
    return "\n".join(out)


write("ios/Runner.xcodeproj/project.pbxproj", pbxproj())

# Build runners with defines: Fastfiles, workflows, a Makefile.
define = f"--dart-define=API_HOST=https://{needle} --dart-define-from-file=config/prod.json"
write("ios/fastlane/Fastfile", f'platform :ios do\n  lane :beta do\n    sh("flutter build ipa --release {define}")\n    upload_to_testflight\n  end\nend\n')
write("android/fastlane/Fastfile", f'platform :android do\n  lane :beta do\n    sh("flutter build appbundle {define}")\n    upload_to_play_store(track: "beta")\n  end\nend\n')
write("config/prod.json", f'{{"API_HOST": "https://{needle}", "FLAVOR": "prod"}}\n')
for k in range(20):
    steps = "\n".join(f"      - run: echo {filler(4)}" for _ in range(30))
    build = f"      - run: flutter build apk {define}\n" if k < 8 else ""
    write(f".github/workflows/workflow_{k}.yml", f"name: wf{k}\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n{steps}\n{build}")

# fastlane store metadata: Android per locale (one description naming the host), iOS for 40 locales.
for locale in locales:
    base = f"fastlane/metadata/android/{locale}"
    write(f"{base}/title.txt", "App\n")
    write(f"{base}/short_description.txt", filler(8) + "\n")
    write(f"{base}/full_description.txt", f"{filler(60)}\n{url('privacy')}\n{filler(40)} {url('terms')}\n")
    for n in range(8):
        write(f"{base}/changelogs/{100 + n}.txt", filler(20) + "\n")
for locale in locales[:40]:
    base = f"fastlane/metadata/ios/{locale}"
    for name in ["name", "subtitle", "keywords", "description", "release_notes"]:
        write(f"{base}/{name}.txt", filler(12) + "\n")
    for name in ["marketing_url", "privacy_url", "support_url", "promotional_text"]:
        write(f"{base}/{name}.txt", url(name) + "\n")

# test/: 300 Dart tests, 100 naming the host.
for k in range(300):
    body = f"import 'package:flutter_test/flutter_test.dart';\n\nvoid main() {{\n  test('{filler(4)}', () {{\n"
    if k < 100:
        body += f"    expect(link, '{url()}');\n    expect(Uri.parse(link).host, '{needle}');\n"
    write(f"test/{features[k % len(features)]}/widget_{k}_test.dart", body + "  });\n}\n")

# Local packages, assets, desktop and web runners, the package manifests.
for p in range(6):
    write(f"packages/plugin_{p}/pubspec.yaml", f"name: plugin_{p}\nversion: 0.0.1\nenvironment:\n  sdk: '>=3.0.0 <4.0.0'\n")
    for k in range(45):
        write(f"packages/plugin_{p}/lib/src/file_{k}.dart", f"// {filler(10)}\nclass P{p}F{k} {{}}\n" * 20)
for k in range(3000):
    if k % 3 == 0:
        write(f"assets/icons/icon_{k}.svg", f'<svg xmlns="http://www.w3.org/2000/svg"><path d="M{k} 0L{filler(1)}"/></svg>\n')
    else:
        write(f"assets/images/image_{k}.png", b"\x89PNG\r\n\x1a\n" + rng.randbytes(rng.randint(500, 4000)), "wb")
for k in range(60):
    write(f"linux/runner/file_{k}.cc", f"// {filler(10)}\n" * 30)
    write(f"windows/runner/file_{k}.cpp", f"// {filler(10)}\n" * 30)
write("web/index.html", f'<!DOCTYPE html><html><head><link rel="canonical" href="{url()}"></head><body></body></html>\n')
write("web/manifest.json", '{"name": "App", "start_url": "."}\n')
deps = "\n".join(f"  plugin_{p}:\n    path: packages/plugin_{p}" for p in range(6))
write("pubspec.yaml", f"name: app\nversion: 4.1.0+1000\nenvironment:\n  sdk: '>=3.0.0 <4.0.0'\ndependencies:\n  flutter:\n    sdk: flutter\n{deps}\nflutter:\n  generate: true\n  assets:\n    - assets/icons/\n    - assets/images/\n")
write("pubspec.lock", "packages:\n" + "".join(f"  dep_{k}:\n    version: \"1.{k}.0\"\n" for k in range(150)))
write("README.md", f"# App\n\nThe app behind {url()}.\n")
