import RelopsCore
import Scan
import TestSupport
import Testing

/// One file, two products (issue 40, case 6): a Rust SDK crate compiled into the apps through a
/// uniffi bindings crate that the Android library module builds with the rust-android-gradle
/// plugin and the iOS app links.
@Suite struct RustBindingsTests {
    static let iosProject = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tB1 /* libnotes_ffi.a in Frameworks */ = {isa = PBXBuildFile; fileRef = F1 /* libnotes_ffi.a */; };
        \t\tF1 /* libnotes_ffi.a */ = {isa = PBXFileReference; lastKnownFileType = archive.ar; name = libnotes_ffi.a; path = ../target/universal/release/libnotes_ffi.a; sourceTree = "<group>"; };
        \t\tT1 /* Notes */ = {isa = PBXNativeTarget; name = Notes; productType = "com.apple.product-type.application"; };
        \t};
        }
        """

    @Test func theSdkCrateShipsInTheAppsThatBuildItsBindingsCrate() throws {
        let repo = GitFixture("uniffi-sdk")
        repo.write(
            "Cargo.toml",
            "[workspace]\nresolver = \"2\"\nmembers = [\"crates/notes-sdk\", \"crates/notes-ffi\"]\n\n[workspace.dependencies]\nuniffi = \"0.28\"\n"
        )
        repo.write(
            "crates/notes-sdk/Cargo.toml",
            "[package]\nname = \"notes-sdk\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nreqwest = { version = \"0.12\", features = [\"json\"] }\n"
        )
        repo.write("crates/notes-sdk/src/lib.rs", "pub const API_BASE: &str = \"https://host.com/api\";\n")
        repo.write(
            "crates/notes-ffi/Cargo.toml",
            """
            [package]
            name = "notes-ffi"
            version = "0.1.0"
            edition = "2021"

            [lib]
            crate-type = ["cdylib", "staticlib"]
            name = "notes_ffi"

            [dependencies]
            notes-sdk = { path = "../notes-sdk" }
            uniffi = { workspace = true }
            """)
        repo.write("crates/notes-ffi/src/lib.rs", "uniffi::setup_scaffolding!();\n")
        repo.write("android/settings.gradle.kts", "include(\":app\", \":notes-android\")\n")
        repo.write(
            "android/notes-android/build.gradle.kts",
            """
            plugins {
                id("com.android.library")
                id("org.jetbrains.kotlin.android")
                id("org.mozilla.rust-android-gradle.rust-android")
            }

            cargo {
                module = "../../crates/notes-ffi"
                libname = "notes_ffi"
                targets = listOf("arm64", "x86_64")
            }
            """)
        repo.write(
            "android/app/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\n\ndependencies {\n    implementation(project(\":notes-android\"))\n}\n"
        )
        repo.write("ios/Notes.xcodeproj/project.pbxproj", Self.iosProject)
        repo.commit("uniffi")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let o = try #require(result.occurrence("crates/notes-sdk/src/lib.rs"))
        #expect(o.occurrenceClass == .binaryLiteral, "\(o.ruleID): \(o.rule)")
        #expect(o.products.map(\.name).sorted() == ["Notes", "app"], "\(o.rule)")
        #expect(o.rule.contains("crates/notes-ffi/Cargo.toml"), "\(o.rule)")
    }

    /// An Android library module that runs `cargo ndk` itself in an `Exec` task, from the
    /// bindings crate's folder, builds the SDK into the app that depends on it.
    @Test func anAndroidLibraryThatRunsCargoItselfBuildsTheSdkIntoTheApp() throws {
        let repo = GitFixture("cargo-ndk-exec")
        repo.write(
            "rust/sdk/Cargo.toml", "[package]\nname = \"wallet-sdk\"\nversion = \"0.1.0\"\nedition = \"2021\"\n")
        repo.write("rust/sdk/src/lib.rs", "pub const API: &str = \"https://host.com/api\";\n")
        repo.write(
            "rust/bindings/Cargo.toml",
            "[package]\nname = \"wallet-bindings\"\nversion = \"0.1.0\"\n\n[lib]\ncrate-type = [\"cdylib\"]\n\n[dependencies]\nwallet-sdk = { path = \"../sdk\" }\nuniffi = \"0.28\"\n"
        )
        repo.write("rust/bindings/src/lib.rs", "uniffi::setup_scaffolding!();\n")
        repo.write("android/settings.gradle.kts", "include(\":app\", \":wallet-core\")\n")
        repo.write(
            "android/wallet-core/build.gradle.kts",
            """
            plugins { id("com.android.library") }

            val buildRust by tasks.registering(Exec::class) {
                workingDir = file("../../rust/bindings")
                commandLine("cargo", "ndk", "-t", "arm64-v8a", "-o", "../../android/wallet-core/src/main/jniLibs", "build", "--release")
            }
            """)
        repo.write(
            "android/app/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\n\ndependencies { implementation(project(\":wallet-core\")) }\n"
        )
        repo.commit("cargo ndk")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let o = try #require(result.occurrence("rust/sdk/src/lib.rs"))
        #expect(o.occurrenceClass == .binaryLiteral, "\(o.ruleID): \(o.rule)")
        #expect(o.products.map(\.name) == ["app"], "\(o.rule)")
        #expect(o.rule.contains("rust/bindings/Cargo.toml"), "\(o.rule)")
    }

    /// The iOS app's run script phase calls a script that builds the bindings crate into an
    /// XCFramework (`cargo build -p`, `uniffi-bindgen`): the SDK crate ships in the iOS app.
    @Test func anXcodeRunScriptThatBuildsTheBindingsCrateShipsTheSdk() throws {
        let repo = GitFixture("uniffi-xcframework-script")
        repo.write("Cargo.toml", "[workspace]\nmembers = [\"sdk\", \"sdk-ffi\"]\n")
        repo.write("sdk/Cargo.toml", "[package]\nname = \"pay-sdk\"\nversion = \"0.1.0\"\n")
        repo.write("sdk/src/lib.rs", "pub const API: &str = \"https://host.com/api\";\n")
        repo.write(
            "sdk-ffi/Cargo.toml",
            "[package]\nname = \"pay-sdk-ffi\"\nversion = \"0.1.0\"\n\n[lib]\ncrate-type = [\"staticlib\"]\nname = \"pay_ffi\"\n\n[dependencies]\npay-sdk = { path = \"../sdk\" }\n"
        )
        repo.write("sdk-ffi/src/lib.rs", "uniffi::setup_scaffolding!();\n")
        repo.write(
            "scripts/build-xcframework.sh",
            """
            #!/bin/bash
            set -euo pipefail
            cargo build -p pay-sdk-ffi --release --target aarch64-apple-ios
            cargo run --bin uniffi-bindgen generate --library target/aarch64-apple-ios/release/libpay_ffi.dylib --language swift --out-dir ios/Generated
            xcodebuild -create-xcframework -library target/aarch64-apple-ios/release/libpay_ffi.dylib -output ios/PayFFI.xcframework
            """)
        repo.write(
            "ios/Pay.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tS1 /* Build Rust */ = {
            \t\t\tisa = PBXShellScriptBuildPhase;
            \t\t\tname = "Build Rust";
            \t\t\tshellPath = /bin/sh;
            \t\t\tshellScript = "\\"$SRCROOT/../scripts/build-xcframework.sh\\"\\n";
            \t\t};
            \t\tT1 /* Pay */ = {isa = PBXNativeTarget; buildPhases = (S1 /* Build Rust */, ); name = Pay; productType = "com.apple.product-type.application"; };
            \t};
            }
            """)
        repo.commit("xcframework")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let o = try #require(result.occurrence("sdk/src/lib.rs"))
        #expect(o.occurrenceClass == .binaryLiteral, "\(o.ruleID): \(o.rule)")
        #expect(o.products.map(\.name) == ["Pay"], "\(o.rule)")
        #expect(o.rule.contains("sdk-ffi/Cargo.toml"), "\(o.rule)")
    }
}
