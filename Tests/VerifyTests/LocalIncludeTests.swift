import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// Issue 30, with `--local`: a static assetlinks.json whose grant arrives through an `include` of
/// another file of the same site is read as Android would read it, from the repository.
@Suite struct LocalIncludeTests {
    static let fingerprint = TestNginx.fingerprint

    /// A static site whose assetlinks.json includes `target`, and a Gradle app claiming shop.example.com.
    func repository(_ label: String, include target: String, grant: String = "com.example.shop") -> GitFixture {
        let repo = GitFixture(label)
        repo.write("site/public/.well-known/assetlinks.json", "[{\"include\": \"\(target)\"}]\n")
        repo.write(
            "site/public/.well-known/more.json",
            """
            [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
              "package_name": "\(grant)", "sha256_cert_fingerprints": ["\(Self.fingerprint)"]}}]

            """)
        repo.write("site/package.json", "{ \"name\": \"site\" }\n")
        repo.write("app/build.gradle.kts", LocalClaimsTests.gradle(applicationId: "com.example.shop"))
        repo.write("app/src/main/AndroidManifest.xml", LocalClaimsTests.manifest(host: "shop.example.com"))
        repo.commit("static site with an include, and a Gradle app")
        return repo
    }

    func verify(_ repo: GitFixture) throws -> VerifyReport {
        var arguments = VerifyArguments()
        arguments.host = try WebHost("shop.example.com")
        arguments.local = true
        arguments.repo = repo.root
        arguments.package = "com.example.shop"
        arguments.fingerprints = [Self.fingerprint]
        arguments.platforms = "android"
        return try Verifier.run(try VerifyOptions.resolve(arguments))
    }

    @Test func anIncludedFileOfTheSameSiteIsReadFromTheRepository() throws {
        let repo = repository("local-include", include: "https://shop.example.com/.well-known/more.json")
        let report = try verify(repo)
        #expect(report.verdicts("assetlinks.grant") == [.pass], "\(report.text)")
        #expect(report.verdicts("assetlinks.fingerprint") == [.pass], "\(report.text)")
        #expect(report.verdicts("claims.android-package") == [.pass], "\(report.text)")
        let read = try #require(report.named("assetlinks.include.status").first, "\(report.text)")
        #expect(read.reason.contains("read from site/public/.well-known/more.json"), "\(read.reason)")
        #expect(report.failureCategory == nil && report.unchecked.isEmpty, "\(report.text)")
    }

    @Test func anIncludedGrantForAnotherAppFailsTheClaim() throws {
        let repo = repository(
            "local-include-other", include: "https://shop.example.com/.well-known/more.json", grant: "com.example.other"
        )
        let report = try verify(repo)
        #expect(report.verdicts("claims.android-package") == [.fail], "\(report.text)")
        #expect(report.verdicts("assetlinks.grant") == [.fail])
    }

    @Test func anIncludeElsewhereIsLeftToTheLiveCheckSayingSo() throws {
        for (label, target) in [
            ("other-host", "https://cdn.example.net/.well-known/more.json"),
            ("dot-dot", "https://shop.example.com/.well-known/../../app/build.gradle.kts"),
            ("escaped", "https://shop.example.com/.well-known/%2e%2e/more.json"),
            ("untracked", "https://shop.example.com/.well-known/untracked.json"),
        ] {
            let repo = repository("local-include-\(label)", include: target)
            let report = try verify(repo)
            let fetch = try #require(report.named("assetlinks.include.fetch").first, "\(label): \(report.text)")
            #expect(fetch.verdict == .skip)
            #expect(fetch.reason.contains("is not a tracked file of the site this repository serves"), "\(label)")
            #expect(report.verdicts("claims.android-package") == [.skip], "\(label): \(report.text)")
            // The grant and fingerprint asked for are not checked here: the command says so first.
            #expect(
                report.unchecked.first?.hasPrefix(
                    "could not check --package com.example.shop: com.example.shop is not granted in what was read, "
                        + "and an included file was not read") == true, "\(label): \(report.unchecked)")
            #expect(report.unchecked.first?.hasSuffix("; drop --local to check the live file") == true)
        }
    }

    @Test func aSymlinkOutOfTheRepositoryIsNotFollowed() throws {
        let outside = TemporaryFolder("local-include-outside")
        outside.write("more.json", "[]\n")
        let repo = repository("local-include-symlink", include: "https://shop.example.com/.well-known/link.json")
        try FileManager.default.createSymbolicLink(
            atPath: repo.root + "/site/public/.well-known/link.json", withDestinationPath: outside.url("more.json"))
        repo.commit("a link out")
        let report = try verify(repo)
        #expect(report.verdicts("assetlinks.include.fetch") == [.skip], "\(report.text)")
    }
}
