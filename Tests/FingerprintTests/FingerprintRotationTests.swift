import Fingerprint
import Foundation
import RelopsCore
import TestSupport
import Testing

let placeholder = "REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT"
let webSettings = "Source/Hosts/UI/App.UI.Web/appsettings.json"

/// A MAUI-style repository whose web host serves the placeholder, with an upload keystore,
/// overriding settings in every form, and a runbook that mentions the placeholder.
func sampleRepository(fingerprints: [String] = [placeholder]) -> GitFixture {
    let repo = GitFixture("rotation")
    let items = fingerprints.map { "      \"\($0)\"" }.joined(separator: ",\n")
    repo.write(
        webSettings,
        """
        {
          // Association documents served by App.UI.Web.
          "AppAssociation": {
            "AndroidPackageName": "com.example.app",
            "AndroidCertFingerprints": [
        \(items)
            ],
            "AppleAppIds": [ "ABCDE12345.com.example.app" ],
            "ApplePaths": [ "/sessions/*", "/speakers/*" ],
          },
        }

        """)
    repo.write(
        ".relops.yml",
        "app:\n  android:\n    package: com.example.app\n    fingerprints: \(webSettings)#AppAssociation:AndroidCertFingerprints\n"
    )
    repo.write(
        "Source/Hosts/UI/App.UI.Web/appsettings.Production.json",
        "{\n  \"AppAssociation\": {\n    \"AndroidCertFingerprints\": [ \"AA:BB\" ]\n  }\n}\n")
    repo.write("Source/Hosts/UI/App.UI.Web/appsettings.Development.json", "{ \"Logging\": {} }\n")
    repo.write(
        "Source/Hosts/UI/App.UI.Web/Properties/launchSettings.json",
        "{\n  \"profiles\": {\n    \"web\": {\n      \"environmentVariables\": {\n        \"AppAssociation__AndroidCertFingerprints__0\": \"AA\"\n      }\n    }\n  }\n}\n"
    )
    repo.write(
        ".azure/deploy.yml",
        "env:\n  APP: x\n  AppAssociation__AndroidCertFingerprints__0: $(FP)\n  AppAssociation__AndroidCertFingerprintsOld: no\n"
    )
    repo.write(
        "infra/main.bicep", "appSettings: [\n  { name: 'AppAssociation__AndroidCertFingerprints__0', value: fp }\n]\n")
    repo.write(
        "Dockerfile", "FROM mcr.microsoft.com/dotnet/aspnet:9.0\nENV AppAssociation__AndroidCertFingerprints__0=AA\n")
    repo.write("deploy/.env", "AppAssociation__AndroidCertFingerprints=AA\n")
    repo.write("Docs/MobileReleaseRunbook.md", "# Release\n\nThe checked-in value is `\(placeholder)`; replace it.\n")
    repo.write("README.md", "Nothing here.\n")
    return repo
}

func request(_ repo: GitFixture, to fingerprint: String?) throws -> RotationRequest {
    let target = try ConfigTarget.resolve(
        config: nil, key: nil, projectSetting: "\(webSettings)#AppAssociation:AndroidCertFingerprints",
        root: repo.root)
    var request = RotationRequest(
        target: target, newFingerprint: try fingerprint.map { try FingerprintNormalizer.sha256($0) })
    request.repositoryRoot = repo.root
    request.debugKeystore = nil
    return request
}

@Suite struct FingerprintRotationTests {
    @Test func replacesThePlaceholderAndReportsOverridesAndDocs() throws {
        let repo = sampleRepository()
        let appSigning = TestCertificate("app-signing")
        let rotation = try FingerprintRotation.plan(try request(repo, to: appSigning.sha256))
        #expect(rotation.oldValues == [placeholder])
        #expect(rotation.newValues == [appSigning.sha256])
        let before = repo.readText(webSettings)
        #expect(
            String(decoding: rotation.after, as: UTF8.self)
                == before.replacingOccurrences(of: placeholder, with: appSigning.sha256))
        #expect(rotation.diff.contains("-      \"\(placeholder)\"\n+      \"\(appSigning.sha256)\"\n"))
        #expect(
            rotation.overrides.map { "\($0.path):\($0.line)" } == [
                ".azure/deploy.yml:3", "Dockerfile:2", "Source/Hosts/UI/App.UI.Web/Properties/launchSettings.json:5",
                "Source/Hosts/UI/App.UI.Web/appsettings.Production.json:3", "deploy/.env:1", "infra/main.bicep:2",
            ])
        #expect(rotation.overrides.first { $0.path.hasSuffix("Production.json") }?.kind == .appsettings)
        #expect(rotation.staleDocuments.map { "\($0.path):\($0.line)" } == ["Docs/MobileReleaseRunbook.md:3"])
        #expect(rotation.staleDocuments.first?.reason == .placeholder)
        #expect(repo.readText(webSettings) == before)  // planning writes nothing
    }

    @Test func applyWritesTheEditAtomically() throws {
        let repo = sampleRepository()
        let appSigning = TestCertificate("app-signing")
        let rotation = try FingerprintRotation.plan(try request(repo, to: appSigning.sha256.lowercased()))
        try rotation.apply()
        let document = try JSONCDocument(bytes: repo.read(webSettings), path: webSettings)
        #expect(document.node(at: keyPath)?.elements?.compactMap(\.string) == [appSigning.sha256])
        #expect(repo.read(webSettings) == rotation.after)
    }

    @Test func applyRefusesWhenTheFileChangedSincePlanning() throws {
        let repo = sampleRepository()
        let rotation = try FingerprintRotation.plan(try request(repo, to: TestCertificate("a").sha256))
        repo.write(webSettings, repo.readText(webSettings) + " ")
        #expect(throws: Failure.self) { try rotation.apply() }
    }

    @Test func keepOldAddsThenRetireRemoves() throws {
        let old = TestCertificate("old"), new = TestCertificate("new")
        let repo = sampleRepository(fingerprints: [old.sha256])
        repo.write("Docs/rotation.md", "Old key: \(old.sha256.replacingOccurrences(of: ":", with: "").lowercased())\n")
        var keep = try request(repo, to: new.sha256)
        keep.keepOld = true
        let overlap = try FingerprintRotation.plan(keep)
        #expect(overlap.newValues == [old.sha256, new.sha256])
        #expect(overlap.retired.isEmpty)
        try overlap.apply()

        var retire = try request(repo, to: nil)
        retire.retire = try FingerprintNormalizer.sha256("SHA256: " + old.sha256)
        let retired = try FingerprintRotation.plan(retire)
        #expect(retired.newValues == [new.sha256])
        #expect(retired.retired.map(\.canonical) == [old.sha256])
        #expect(
            retired.staleDocuments.contains {
                $0.path == "Docs/rotation.md" && $0.line == 1 && $0.reason == .retiredFingerprint
            })
        try retired.apply()
        #expect(repo.readText(webSettings).contains("      \"\(new.sha256)\"\n    ],"))
    }

    @Test func keepOldDropsThePlaceholderItIsNotAKey() throws {
        let repo = sampleRepository()
        let new = TestCertificate("new")
        var keep = try request(repo, to: new.sha256)
        keep.keepOld = true
        #expect(try FingerprintRotation.plan(keep).newValues == [new.sha256])
    }

    @Test func refusesToRetireWhatIsNotThereOrTheLastValue() throws {
        let only = TestCertificate("only")
        let repo = sampleRepository(fingerprints: [only.sha256])
        var absent = try request(repo, to: nil)
        absent.retire = try FingerprintNormalizer.sha256(TestCertificate("other").sha256)
        let notThere = #expect(throws: Failure.self) { try FingerprintRotation.plan(absent) }
        #expect(notThere?.message.contains("does not hold") == true)
        var last = try request(repo, to: nil)
        last.retire = try FingerprintNormalizer.sha256(only.sha256)
        let empty = #expect(throws: Failure.self) { try FingerprintRotation.plan(last) }
        #expect(empty?.message.contains("would leave AppAssociation:AndroidCertFingerprints empty") == true)
    }

    @Test func refusesTheUploadKeyFoundInTheRepository() throws {
        let repo = sampleRepository()
        let upload = makeJavaKeyStore(at: repo.folder.url("android/keystores/upload.jks"), alias: "upload")
        let error = #expect(throws: Failure.self) { try FingerprintRotation.plan(try request(repo, to: upload)) }
        #expect(error?.category == .badInput)
        #expect(error?.message.contains("is the upload key (android/keystores/upload.jks alias upload)") == true)
        #expect(error?.message.contains("Play Console > Setup > App signing") == true)
    }

    @Test func refusesTheDebugKey() throws {
        let repo = sampleRepository()
        let home = TemporaryFolder("home")
        let debug = makeJavaKeyStore(
            at: home.url(".android/debug.keystore"), alias: "androiddebugkey", storetype: "PKCS12",
            password: "android", dname: "CN=Android Debug, O=Android, C=US")
        var rotation = try request(repo, to: debug)
        rotation.debugKeystore = home.url(".android/debug.keystore")
        let error = #expect(throws: Failure.self) { try FingerprintRotation.plan(rotation) }
        #expect(error?.message.contains("is the debug key") == true)
    }

    /// A keystore in the repository that cannot be opened stops the rotation (issue 30: it used to
    /// be a note, and the rotation went on); named with --unchecked-keystore it is a note again.
    @Test func aPasswordProtectedKeystoreItCannotOpenStopsTheRotationUnlessAccepted() throws {
        let repo = sampleRepository()
        let locked = TestCertificate("locked")
        _ = locked.pkcs12("not-android", at: "x.p12")
        repo.write("android/release.p12", bytes: locked.folder.read("x.p12"))
        var asked = try request(repo, to: TestCertificate("b").sha256)
        let error = #expect(throws: Failure.self) { try FingerprintRotation.plan(asked) }
        #expect(error?.category == .checkFailed)
        #expect(error?.message.contains("--unchecked-keystore android/release.p12") == true, "\(error?.message ?? "")")
        asked.uncheckedKeystores = ["./android/release.p12"]
        let rotation = try FingerprintRotation.plan(asked)
        #expect(rotation.uncheckedKeystores.map(\.path) == ["android/release.p12"])
        asked.uncheckedKeystores = []
        asked.keystorePasswords = ["not-android"]
        #expect(try FingerprintRotation.plan(asked).uncheckedKeystores.isEmpty)
    }

    @Test func refusesAMissingKeyAndAMissingFile() throws {
        let repo = sampleRepository()
        var wrongKey = try request(repo, to: TestCertificate("c").sha256)
        wrongKey.target = ConfigTarget(
            path: wrongKey.target.path, displayPath: webSettings, keyPath: ["AppAssociation", "Nope"])
        let noKey = #expect(throws: Failure.self) { try FingerprintRotation.plan(wrongKey) }
        #expect(
            noKey?.message == "\(webSettings): no key AppAssociation:Nope (check --key or app.android.fingerprints)")
        var noFile = wrongKey
        noFile.target = ConfigTarget(
            path: repo.folder.url("missing.json"), displayPath: "missing.json", keyPath: keyPath)
        let missing = #expect(throws: Failure.self) { try FingerprintRotation.plan(noFile) }
        #expect(missing?.message == "missing.json: no such file")
    }

    @Test func theDiffOfAConfigOutsideTheRepositoryHeadsItsAbsolutePathWithOneSlash() throws {
        let repo = sampleRepository()
        let outside = TemporaryFolder("rotate-outside")
        outside.write("appsettings.json", repo.readText(webSettings))
        var rotation = try request(repo, to: TestCertificate("c").sha256)
        rotation.target = try ConfigTarget.resolve(
            config: outside.url("appsettings.json"), key: nil, projectSetting: nil, root: repo.root)
        #expect(rotation.target.displayPath.hasPrefix("/"))
        let diff = try FingerprintRotation.plan(rotation).diff
        let shown = rotation.target.displayPath.dropFirst()
        #expect(diff.hasPrefix("--- a/\(shown)\n+++ b/\(shown)\n@@ "), "\(diff)")
        #expect(!diff.contains("a//") && !diff.contains("b//"))
    }
}
