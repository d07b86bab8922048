import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// Issue 30: a check the operator asked for is made or the command fails, saying first what could
/// not be checked and what would make it checkable. Against a real nginx over HTTPS serving a
/// hostile grant, and a stand-in for Google's Digital Asset Links API.
@Suite(.serialized) struct DemandTests {
    static let shared = Result { try EffectHost() }
    var web: EffectHost { get throws { try Self.shared.get() } }

    static let newFingerprint =
        "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89"
    static let unrelated =
        "11:22:33:44:55:66:77:88:99:00:11:22:33:44:55:66:77:88:99:00:11:22:33:44:55:66:77:88:99:00:11:22"

    /// hostile.effect.test grants com.evil.other with an unrelated fingerprint.
    func hostile() throws -> EffectHost {
        let web = try web
        web.serve(
            "hostile", ".well-known/assetlinks.json", "[\(EffectHost.statement("com.evil.other", [Self.unrelated]))]")
        web.serveDigitalAssetLinksNotLinked()
        return web
    }

    @Test func aFingerprintWithNoPackageToPairItWithExitsTwoNamingTheFlag() throws {
        let web = try hostile()
        let folder = TemporaryFolder("verify-demand-nopackage")
        let result = relops(
            [
                "verify", "--host", web.host("hostile"), "--platforms", "android", "--fingerprint", Self.newFingerprint,
                "--cacert", web.ca.certificatePath, "--offline",
            ] + web.resolveFlags("hostile"), in: folder.path)
        // It printed "3 passed, 0 warnings, 0 failed, 2 skipped" and exited 0.
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            first.contains(
                "cannot check --fingerprint \(Self.newFingerprint): no Android package to pair it with; "
                    + "give --package NAME or set app.android.package in .relops.yml"), "\(result.stderr)")
    }

    @Test func anEmptyPackageFromARunbookVariableIsNoValue() throws {
        // domain-cutover's android_package may be left empty (an iOS-only app): `--package ""`.
        let folder = TemporaryFolder("verify-demand-empty")
        let result = relops(
            [
                "verify", "--host", "app.example.com", "--platforms", "android", "--package", "", "--fingerprint",
                Self.newFingerprint, "--offline",
            ], in: folder.path)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("no Android package to pair it with"), "\(result.stderr)")
    }

    @Test func withThePackageTheHostileGrantFailsHereAndAtGoogle() throws {
        let web = try hostile()
        var o = try web.options("hostile", offline: false)
        o.platforms = [.android]
        o.origins.platforms = "--platforms"
        o.expectation = VerifyExpectation(androidPackage: "com.example.app", fingerprints: [Self.newFingerprint])
        o.origins.package = "--package"
        o.origins.fingerprints = "--fingerprint"
        let report = try Verifier.run(o)
        let grant = try #require(report.named("assetlinks.grant").first, "\(report.text)")
        #expect(grant.verdict == .fail)
        #expect(grant.reason.contains("it is granted to: com.evil.other"), "\(grant.reason)")
        #expect(report.verdicts("dal.check").contains(.fail), "\(report.text)")
        #expect(report.named("aasa.status").isEmpty && report.named("apple-cdn").isEmpty, "\(report.text)")
        // The grant's failure decides the fingerprint: nothing is left unchecked.
        #expect(report.unchecked.isEmpty, "\(report.unchecked)")
        #expect(report.failureCategory == .checkFailed)
    }

    @Test func aValueForALeftOutPlatformOrAPathWithoutAnAppIDIsBadUsage() throws {
        let web = try hostile()
        var o = try web.options("hostile")
        o.platforms = [.android]
        o.origins.platforms = "--platforms"
        o.expectation = VerifyExpectation(androidPackage: "com.example.app", iosAppIDs: ["ABCDE12345.com.example.app"])
        o.origins.appIDs = "--app-id"
        let leftOut = try #require(throws: Failure.self) { try Verifier.run(o) }
        #expect(leftOut.category == .usage)
        #expect(
            leftOut.message.hasPrefix(
                "cannot check --app-id ABCDE12345.com.example.app: --platforms android leaves out iOS"),
            "\(leftOut.message)")
        // Each flag is named, also when another value for the platform came from the config.
        var fingerprint = try web.options("hostile")
        fingerprint.platforms = [.iOS]
        fingerprint.origins.platforms = "--platforms"
        fingerprint.expectation = VerifyExpectation(
            androidPackage: "com.example.app", fingerprints: [Self.newFingerprint], iosAppIDs: [TestNginx.appID])
        fingerprint.origins.package = ".relops.yml app.android.package"
        fingerprint.origins.fingerprints = "--fingerprint"
        let android = try #require(throws: Failure.self) { try Verifier.run(fingerprint) }
        #expect(
            android.message.hasPrefix(
                "cannot check --fingerprint \(Self.newFingerprint): --platforms ios leaves out Android"),
            "\(android.message)")
        var paths = try web.options("hostile")
        paths.expectation = VerifyExpectation(iosPaths: ["/sessions/1"])
        paths.origins.paths = "--path"
        let noApp = try #require(throws: Failure.self) { try Verifier.run(paths) }
        #expect(noApp.message.contains("no Apple app id to open them in; give --app-id TEAMID.bundle.id"))
    }

    @Test func aDemandWhoseDocumentIsNotCheckedHereFailsFirstUnlessAllowed() throws {
        // --local in a repository whose assetlinks.json another repository serves: the fingerprint
        // asked for cannot be compared here.
        let repo = GitFixture("verify-demand-external")
        repo.write(".relops.yml", "app:\n  web_host: app.example.com\n  association: external\n")
        repo.commit("served elsewhere")
        let args = [
            "verify", "--local", "--platforms", "android", "--package", "com.example.app", "--fingerprint",
            Self.newFingerprint,
        ]
        let result = relops(args, in: repo.root)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("UNCHECKED: could not check --package com.example.app: "), "\(result.stdout)")
        #expect(first.hasSuffix("drop --local to check the live file"), "\(first)")
        #expect(result.stdout.contains("UNCHECKED: could not check --fingerprint \(Self.newFingerprint)"))
        let allowed = relops(args + ["--allow-unchecked"], in: repo.root)
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.hasPrefix("UNCHECKED (allowed): could not check --package"), "\(allowed.stdout)")
    }

    @Test func aValueFromRelopsYMLIsADemandToo() throws {
        let repo = GitFixture("verify-demand-config")
        repo.write(
            ".relops.yml",
            "app:\n  web_host: app.example.com\n  association: external\n  android:\n    package: com.example.app\n")
        repo.commit("served elsewhere")
        let result = relops(["verify", "--local", "--platforms", "android"], in: repo.root)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "UNCHECKED: could not check .relops.yml app.android.package com.example.app: --local: assetlinks.json "
                    + "is external"), "\(result.stdout)")
    }

    @Test func localStandaloneThatChecksNothingExitsOne() throws {
        // It printed "0 passed ... 6 skipped" and exited 0.
        let repo = GitFixture("verify-demand-nothing")
        repo.write(".relops.yml", "app:\n  web_host: app.example.com\n  association: external\n")
        repo.commit("served elsewhere")
        let result = relops(["verify", "--local"], in: repo.root)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.hasPrefix("UNCHECKED: nothing was checked: every check was skipped"), "\(result.stdout)")
        #expect(result.stdout.contains("give --allow-unchecked to accept a run that checks nothing"))
        let json = relops(["verify", "--local", "--format", "json"], in: repo.root)
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"unchecked\""), "\(json.stdout)")
        let allowed = relops(["verify", "--local", "--allow-unchecked"], in: repo.root)
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
    }

    @Test func liveWithARepositoryTheBuildFilesGiveThePackageAndPlatforms() throws {
        // An Android-only app: Gradle's applicationId is the package, and the Apple file and CDN
        // are not asked for.
        let web = try web
        web.serve(
            "android", ".well-known/assetlinks.json",
            "[\(EffectHost.statement("com.example.shop", [Self.newFingerprint]))]")
        let repo = GitFixture("verify-demand-buildfiles")
        repo.write("app/build.gradle.kts", LocalClaimsTests.gradle(applicationId: "com.example.shop"))
        repo.write("app/src/main/AndroidManifest.xml", LocalClaimsTests.manifest(host: "android.effect.test"))
        repo.commit("android app")
        let result = relops(
            [
                "verify", "--repo", repo.root, "--host", web.host("android"), "--fingerprint", Self.newFingerprint,
                "--cacert", web.ca.certificatePath, "--offline",
            ] + web.resolveFlags("android"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("pass  assetlinks.fingerprint"), "\(result.stdout)")
        #expect(result.stdout.contains("com.example.shop lists \(Self.newFingerprint)"))
        #expect(!result.stdout.contains("aasa."), "\(result.stdout)")
        #expect(!result.stdout.contains("apple-cdn"), "\(result.stdout)")
        #expect(result.stderr.contains("only android checked: the build files claim links only for it"))
    }
}
