import Foundation

/// A Flutter plugin (`flutter: plugin:`) with the example app `flutter create --template=plugin`
/// makes: `example/` with its own pubspec (the plugin by `path: ../`) and an Android head;
/// `host.com` in the plugin's and the example's Dart.
public func makeFlutterPluginWithExample() -> GitFixture {
    let repo = GitFixture("plugin-example")
    repo.write(
        "pubspec.yaml",
        "name: share_links\ndependencies:\n  flutter:\n    sdk: flutter\nflutter:\n  plugin:\n    platforms:\n      android:\n        package: dev.links.share\n        pluginClass: ShareLinksPlugin\n"
    )
    repo.write("lib/share_links.dart", "const docs = 'https://host.com/docs';\n")
    repo.write(
        "example/pubspec.yaml",
        "name: share_links_example\ndependencies:\n  flutter:\n    sdk: flutter\n  share_links:\n    path: ../\nflutter:\n  uses-material-design: true\n"
    )
    repo.write("example/lib/main.dart", "const home = 'https://host.com/demo';\n")
    repo.write("example/android/settings.gradle", "include ':app'\n")
    repo.write(
        "example/android/app/build.gradle",
        "plugins {\n    id \"com.android.application\"\n    id \"dev.flutter.flutter-gradle-plugin\"\n}\n")
    repo.write(
        "example/android/app/src/main/AndroidManifest.xml",
        "<manifest><application android:label=\"example\"><activity android:name=\".MainActivity\"/></application></manifest>\n"
    )
    repo.commit("a plugin and its example app")
    return repo
}
