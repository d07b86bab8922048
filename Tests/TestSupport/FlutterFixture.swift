/// A Flutter app in the shape `flutter create` makes (issue 29): a `pubspec.yaml` with `flutter:`
/// (gen-l10n with `l10n.yaml`, a folder and a file under `assets:`, a `path:` package), `lib/`,
/// `test/`, `integration_test/`, an Android head with flavours and an iOS head, the host set only by
/// `--dart-define` in both Fastfiles and a GitHub workflow (the Dart source holds a staging default),
/// and an asset folder the pubspec does not list. With `allHeads`, also the heads `flutter create`
/// makes for the web (`web/`), Windows, Linux and macOS (`macos/Runner.xcodeproj`, SDKROOT macosx).
public func makeFlutterApp(allHeads: Bool = false) -> GitFixture {
    let repo = GitFixture("flutter-app")
    repo.write(
        "pubspec.yaml",
        """
        name: shop
        description: A shop. # https://host.com is not a field
        homepage: https://host.com/about
        environment:
          sdk: ">=3.3.0 <4.0.0"
        dependencies:
          flutter:
            sdk: flutter
          flutter_localizations:
            sdk: flutter
          core:
            path: packages/core
        dev_dependencies:
          flutter_test:
            sdk: flutter
        flutter:
          uses-material-design: true
          generate: true
          assets:
            - assets/config/
            - assets/terms.html

        """)
    repo.write("l10n.yaml", "arb-dir: lib/l10n\ntemplate-arb-file: app_en.arb\noutput-dir: lib/l10n/generated\n")
    repo.write(
        "lib/config.dart",
        "const host = String.fromEnvironment('HOST', defaultValue: 'staging.example.net');\nconst help = 'https://host.com/help';\n"
    )
    repo.write("lib/l10n/app_en.arb", "{\n  \"privacyUrl\": \"https://host.com/privacy\"\n}\n")
    repo.write("lib/l10n/app_de.arb", "{\n  \"privacyUrl\": \"https://host.com/de/privacy\"\n}\n")
    repo.write(
        "lib/l10n/generated/app_localizations_en.dart", "  String get privacyUrl => 'https://host.com/privacy';\n")
    repo.write("assets/config/links.json", "{ \"home\": \"https://host.com\" }\n")
    repo.write("assets/terms.html", "<a href=\"https://host.com/terms\">terms</a>\n")
    repo.write("assets/unlisted/old.json", "{ \"home\": \"https://host.com\" }\n")
    repo.write("packages/core/pubspec.yaml", "name: core\ndependencies:\n  http: ^1.2.0\n")
    repo.write("packages/core/lib/api.dart", "final api = Uri.parse('https://host.com/api');\n")
    repo.write("test/widget_test.dart", "void main() { expect('https://host.com', isNotNull); }\n")
    repo.write("integration_test/app_test.dart", "final url = 'https://host.com/login';\n")
    repo.write("android/settings.gradle", "include ':app'\n")
    repo.write("android/build.gradle", "allprojects { repositories { google() } }\n")
    repo.write(
        "android/app/build.gradle",
        """
        plugins {
            id "com.android.application"
            id "dev.flutter.flutter-gradle-plugin"
        }
        android {
            namespace "com.example.shop"
            flavorDimensions "env"
            productFlavors { prod { dimension "env" } staging { dimension "env" } }
        }

        """)
    repo.write(
        "android/app/src/main/AndroidManifest.xml", "<manifest><application android:label=\"shop\" /></manifest>\n")
    repo.write(
        "ios/Runner.xcodeproj/project.pbxproj",
        """
        // !$*UTF8*$!
        { objects = {
          A1 /* Runner */ = { isa = PBXNativeTarget; name = Runner; productName = Runner; productType = "com.apple.product-type.application"; };
          T1 = { isa = PBXNativeTarget; name = RunnerTests; productType = "com.apple.product-type.bundle.unit-test"; };
        }; }

        """)
    repo.write("ios/Runner/AppDelegate.swift", "import Flutter\n")
    repo.write(
        "android/fastlane/Fastfile",
        "lane :release do\n  sh(\"flutter build appbundle --flavor prod --dart-define=HOST=host.com\")\nend\n")
    repo.write(
        "ios/fastlane/Fastfile",
        "lane :release do\n  sh \"flutter build ipa --flavor prod --dart-define=HOST=host.com --dart-define=ENV=prod\"\nend\n"
    )
    repo.write("config/prod.json", "{ \"API_HOST\": \"https://host.com/api\" }\n")
    repo.write("Makefile", "release:\n\tflutter build appbundle --dart-define-from-file=config/prod.json\n")
    repo.write(
        ".github/workflows/release.yml",
        """
        name: release
        on: push
        jobs:
          build:
            runs-on: ubuntu-latest
            steps:
              - run: flutter build apk --flavor staging --dart-define="HOST=host.com" --obfuscate
              - run: curl -fsS https://host.com/health

        """)
    if allHeads { writeFlutterDesktopAndWebHeads(repo) }
    repo.commit("Flutter app")
    return repo
}

/// The `web/`, `windows/`, `linux/` and `macos/` heads of `flutter create`, each holding the host.
private func writeFlutterDesktopAndWebHeads(_ repo: GitFixture) {
    repo.write(
        "web/index.html",
        "<!DOCTYPE html>\n<html>\n<head>\n  <base href=\"$FLUTTER_BASE_HREF\">\n  <link rel=\"canonical\" href=\"https://host.com/\">\n</head>\n<body><script src=\"flutter_bootstrap.js\" async></script></body>\n</html>\n"
    )
    repo.write("web/manifest.json", "{\n  \"name\": \"shop\",\n  \"start_url\": \"https://host.com/\"\n}\n")
    for os in ["windows", "linux"] {
        repo.write(
            "\(os)/CMakeLists.txt",
            "cmake_minimum_required(VERSION 3.14)\nproject(shop LANGUAGES CXX)\nset(HOME_URL \"https://host.com\")\nadd_subdirectory(\"runner\")\n"
        )
        repo.write("\(os)/flutter/CMakeLists.txt", "set(EPHEMERAL_DIR \"${CMAKE_CURRENT_SOURCE_DIR}/ephemeral\")\n")
        repo.write("\(os)/runner/CMakeLists.txt", "add_executable(${BINARY_NAME} WIN32 \"main.cpp\")\n")
    }
    repo.write("windows/runner/main.cpp", "const wchar_t* kHome = L\"https://host.com/desktop\";\n")
    repo.write("linux/runner/my_application.cc", "static const char* kHome = \"https://host.com/desktop\";\n")
    repo.write(
        "macos/Runner.xcodeproj/project.pbxproj",
        """
        // !$*UTF8*$!
        { objects = {
          33CC10EC2044A3C60003C045 /* Runner */ = { isa = PBXNativeTarget; name = Runner; productName = Runner; productType = "com.apple.product-type.application"; };
          33CC111A2044C6BA0003C045 /* Flutter Assemble */ = { isa = PBXAggregateTarget; name = "Flutter Assemble"; productName = FLX; };
          331C80D4294CF70F00263BE5 /* RunnerTests */ = { isa = PBXNativeTarget; name = RunnerTests; productType = "com.apple.product-type.bundle.unit-test"; };
          338D0CE9231458BD00FA5F75 /* Profile */ = { isa = XCBuildConfiguration; buildSettings = { MACOSX_DEPLOYMENT_TARGET = 10.14; SDKROOT = macosx; SWIFT_COMPILATION_MODE = wholemodule; }; name = Profile; };
          33CC10F92044A3C60003C045 /* Debug */ = { isa = XCBuildConfiguration; buildSettings = { MACOSX_DEPLOYMENT_TARGET = 10.14; SDKROOT = macosx; }; name = Debug; };
        }; }

        """)
    repo.write("macos/Runner/MainFlutterWindow.swift", "import FlutterMacOS\nlet home = \"https://host.com/mac\"\n")
}
