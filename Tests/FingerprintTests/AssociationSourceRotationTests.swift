import Association
import Fingerprint
import Foundation
import RelopsCore
import TestSupport
import Testing

/// `render` and `fingerprint rotate` on each source, in-process, with certificates made by OpenSSL.
@Suite struct AssociationSourceRotationTests {
    func destination(_ repo: GitFixture) throws -> ConfigTarget {
        let project = try Project(path: repo.root)
        guard case .file(let target, _) = try AssociationSources.find(in: project).rotationDestination(in: project)
        else {
            throw Failure(.checkFailed, "expected a file to edit")
        }
        return target
    }

    func rotation(_ repo: GitFixture, to new: String?, keepOld: Bool = false, retire: String? = nil) throws
        -> FingerprintRotation
    {
        var request = RotationRequest(
            target: try destination(repo), newFingerprint: try new.map { try FingerprintNormalizer.sha256($0) })
        request.keepOld = keepOld
        request.retire = try retire.map { try FingerprintNormalizer.sha256($0) }
        request.repositoryRoot = repo.root
        request.debugKeystore = nil
        return try FingerprintRotation.plan(request)
    }

    @Test func aStaticFileIsEditedLosslesslyKeepingItsLayout() throws {
        let repo = staticSiteRepository()
        let cert = TestCertificate("app-signing")
        let before = repo.readText(staticAssetLinksPath)
        let keep = try rotation(repo, to: cert.sha256, keepOld: true)
        #expect(keep.target.key == "[0].target.sha256_cert_fingerprints")
        #expect(keep.newValues == [AssociationTests.fingerprint, cert.sha256])
        try keep.apply()
        // One line added in the file's own odd layout; every other byte kept.
        let old = "        \"\(AssociationTests.fingerprint)\"\n"
        #expect(
            repo.readText(staticAssetLinksPath)
                == before.replacingOccurrences(
                    of: old, with: "        \"\(AssociationTests.fingerprint)\",\n        \"\(cert.sha256)\"\n"))
        let retired = try rotation(repo, to: nil, retire: AssociationTests.fingerprint)
        try retired.apply()
        #expect(
            repo.readText(staticAssetLinksPath)
                == before.replacingOccurrences(of: old, with: "        \"\(cert.sha256)\"\n"))
        let served = try AssociationSources.read(
            .assetLinks, from: .staticFile(path: staticAssetLinksPath), project: try Project(path: repo.root))
        #expect(served.problems.isEmpty, "\(served.problems)")
    }

    @Test func anUploadKeyIsRefusedForAStaticFileToo() throws {
        let repo = staticSiteRepository()
        let upload = makeJavaKeyStore(at: repo.folder.url("androidApp/keystores/upload.jks"), alias: "upload")
        let error = #expect(throws: Failure.self) { try rotation(repo, to: upload) }
        #expect(error?.message.contains("is the upload key (androidApp/keystores/upload.jks alias upload)") == true)
    }

    @Test func theAppsStatementIsPickedByPackageAndNeverGuessed() throws {
        let repo = GitFixture("two-apps")
        let statement = { (package: String, fingerprint: String) in
            """
              {"relation": ["delegate_permission/common.handle_all_urls"],
               "target": {"namespace": "android_app", "package_name": "\(package)",
                          "sha256_cert_fingerprints": ["\(fingerprint)"]}}
            """
        }
        let other = "AB:" + AssociationTests.fingerprint.dropFirst(3)
        repo.write(
            "site/.well-known/assetlinks.json",
            "[\n" + statement("com.example.wear", other) + ",\n"
                + statement("com.example.app", AssociationTests.fingerprint)
                + "\n]\n")
        repo.commit("two apps")
        let error = #expect(throws: Failure.self) { try destination(repo) }
        #expect(
            error?.message
                == "site/.well-known/assetlinks.json: 2 statements grant handle_all_urls (com.example.wear, "
                + "com.example.app) and no app.android.package in .relops.yml picks one; relops edits one")
        repo.write(".relops.yml", "app:\n  android:\n    package: com.example.app\n")
        repo.commit("package")
        #expect(try destination(repo).keyPath == ["1", "target", "sha256_cert_fingerprints"])
        let cert = TestCertificate("app")
        let plan = try rotation(repo, to: cert.sha256)
        #expect(plan.oldValues == [AssociationTests.fingerprint])
        #expect(String(decoding: plan.after, as: UTF8.self).contains("\"\(other)\""))
    }

    @Test func malformedStaticJSONIsNamedWithPathLineAndColumn() throws {
        let repo = GitFixture("malformed")
        repo.write("public/.well-known/assetlinks.json", "[\n  {\"relation\": [],\n   \"target\": {,}}\n]\n")
        repo.commit("broken")
        let error = #expect(throws: Failure.self) { try destination(repo) }
        #expect(
            error?.message.hasPrefix("public/.well-known/assetlinks.json:3:15: ") == true, "\(error?.message ?? "")")
        let project = try Project(path: repo.root)
        let served = try AssociationSources.find(in: project).served(in: project)
        #expect(
            served[0].problems.map(\.description).first?.hasPrefix(
                "public/.well-known/assetlinks.json:3:15: not valid JSON") == true)
    }

    @Test func aSymlinkLeavingTheRepositoryIsRefused() throws {
        let outside = TemporaryFolder("outside")
        outside.write("assetlinks.json", "[]\n")
        let repo = GitFixture("symlink")
        try FileManager.default.createDirectory(
            atPath: repo.folder.url("public/.well-known"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repo.folder.url("public/.well-known/assetlinks.json"),
            withDestinationPath: outside.url("assetlinks.json"))
        repo.commit("link")
        let project = try Project(path: repo.root)
        // One verdict for the path: finding the sources refuses it as serving and rotating do.
        for attempt in [{ _ = try AssociationSources.find(in: project) }, { _ = try self.destination(repo) }] {
            let error = #expect(throws: Failure.self) { try attempt() }
            #expect(error?.message.contains("leads outside the repository") == true)
        }
        #expect(outside.readText("assetlinks.json") == "[]\n")
    }

    @Test func aSymlinkInsideTheRepositoryIsFollowedAndKept() throws {
        let repo = staticSiteRepository()
        try FileManager.default.createDirectory(
            atPath: repo.folder.url("web/public/.well-known"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repo.folder.url("web/public/.well-known/assetlinks.json"),
            withDestinationPath: "../../../" + staticAssetLinksPath)
        repo.write(".relops.yml", "app:\n  association: web/public/.well-known/assetlinks.json\n")
        repo.commit("linked")
        let cert = TestCertificate("linked")
        let plan = try rotation(repo, to: cert.sha256)
        try plan.apply()
        let link = try FileManager.default.destinationOfSymbolicLink(
            atPath: repo.folder.url("web/public/.well-known/assetlinks.json"))
        #expect(link == "../../../" + staticAssetLinksPath)
        #expect(repo.readText(staticAssetLinksPath).contains("\"\(cert.sha256)\""))
    }

    @Test func anNginxServedFileIsRotatedAndAReturnBodyIsRefused() throws {
        let repo = nginxRepository()
        let cert = TestCertificate("app")
        let plan = try rotation(repo, to: cert.sha256)
        #expect(plan.target.displayPath == "association/assetlinks.json")
        try plan.apply()
        #expect(repo.readText("association/assetlinks.json").contains("[\"\(cert.sha256)\"]"))

        repo.write(
            "deploy/nginx/default.conf",
            "server {\n  location = /.well-known/assetlinks.json {\n    return 200 '[]';\n  }\n}\n")
        repo.commit("inline")
        let error = #expect(throws: Failure.self) { try destination(repo) }
        #expect(
            error?.message.hasPrefix("deploy/nginx/default.conf:2: location = /.well-known/assetlinks.json returns")
                == true)
    }

    @Test func theRenderOfEachSourceIsTheServedDocument() throws {
        let nginx = nginxRepository()
        let project = try Project(path: nginx.root)
        let served = try AssociationSources.find(in: project).served(in: project)
        #expect(served[0].text == nginx.readText("association/assetlinks.json"))
        #expect(
            served[1].text?.hasPrefix("{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.com.example.app\"]")
                == true)
        #expect(served.allSatisfy { $0.problems.isEmpty }, "\(served.map(\.problems))")

        let settings = sampleRepository(fingerprints: [AssociationTests.fingerprint])
        settings.write(".relops.yml", "app:\n  web_host: app.example.com\n")
        settings.commit("settings")
        let rendered = try AssociationSources.find(in: try Project(path: settings.root)).served(
            in: try Project(path: settings.root))
        #expect(rendered[0].text?.contains("\"package_name\": \"com.example.app\"") == true)
        #expect(rendered[1].text?.contains("\"ABCDE12345.com.example.app\"") == true)
        #expect(rendered[0].origin == "\(webSettings)#AppAssociation")
    }

    @Test func anNginxLocationAtAnUntrackedFileStopsRender() throws {
        let repo = nginxRepository(aliasTarget: "/srv/association/missing.json")
        repo.write("association/missing.json", "[]\n")  // on disk, but not tracked
        let project = try Project(path: repo.root)
        let error = #expect(throws: Failure.self) { try AssociationSources.find(in: project).served(in: project) }
        #expect(
            error?.message
                == "deploy/nginx/default.conf:10: location = /.well-known/assetlinks.json serves "
                + "/srv/association/missing.json, which is association/missing.json (via deploy/Dockerfile:4): "
                + "not a tracked file (missing or untracked)")
    }
}
