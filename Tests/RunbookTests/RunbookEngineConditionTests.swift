import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Runbook

/// Steps that do not apply, skips with a reason, `auto` expectations and `identity=` scans, driven
/// in-process with a scripted operator.
@Suite(.relopsCommands) struct RunbookEngineConditionTests {
    let conditional = """
        ---
        vars:
          staging:
            default: ""
          platforms:
            default: android
        ---
        ## Always
        - [x] nothing to do
        ## Only with staging
        when: vars.staging
        ```relops
        relops verify --host {{staging}}
        ```
        ## Only on iOS
        when: ios
        - [ ] TestFlight build installed
        ## Only on Android
        when: android
        ```relops
        relops scan --host a.example.com
        ```
        ## Roll back
        when: rollback
        ```relops
        relops cutover undo
        ```
        """

    @Test func conditionsSkipWhatDoesNotApplyAndSayWhy() throws {
        let folder = TemporaryFolder()
        let io = ScriptedIO()
        let run = try engine(try runbook(conditional), folder, io, options: nonInteractive())
        #expect(try run.run() == .complete)
        #expect(run.state.steps.map(\.status) == [.passed, .skipped, .skipped, .passed, .skipped])
        #expect(run.state.steps[1].note == "does not apply: `when: vars.staging` and `staging` is not set")
        #expect(
            run.state.steps[2].note
                == "does not apply: `when: ios` and the app's platforms are android (--var platforms=android)")
        #expect(run.state.steps[4].note == "does not apply: a rollback step (it runs with --rollback)")
        #expect(io.relopsCalls == [["scan", "--host", "a.example.com"]])

        var rollback = nonInteractive()
        rollback.rollback = true
        let back = try engine(try runbook(conditional), folder, io, vars: ["staging=s.example.com"], options: rollback)
        #expect(try back.run() == .complete)
        #expect(back.state.rollback == true)
        #expect(back.state.steps.map(\.status) == [.skipped, .skipped, .skipped, .skipped, .passed])
        #expect(io.relopsCalls.last == ["cutover", "undo"])
    }

    @Test func platformsComeFromTheRepositoryWhenNotGiven() throws {
        let repo = GitFixture("ios-app")
        repo.write(
            "App/App.csproj",
            "<Project><PropertyGroup><TargetFrameworks>net9.0-ios</TargetFrameworks></PropertyGroup></Project>\n")
        repo.commit("app")
        let book = try runbook("## iOS\nwhen: ios\n- [x] fine\n## Android\nwhen: android\n- [x] fine\n")
        let run = try engine(book, repo.folder, ScriptedIO(), options: nonInteractive())
        #expect(try run.run() == .complete)
        #expect(run.state.steps.map(\.status) == [.passed, .skipped])
        #expect(
            run.state.steps[1].note?.contains("the app's platforms are ios (App/App.csproj builds an iOS app") == true)
    }

    @Test func platformsFollowTheBuildFilesNotFolderNames() throws {
        // An Android app with a Gradle server beside it, docs in an `iOS` folder and a stray plist.
        let android = GitFixture("android")
        android.write("androidApp/build.gradle.kts", "plugins {\n    id(\"com.android.application\")\n}\n")
        android.write("server/build.gradle", "plugins { id 'org.springframework.boot' }\n")
        android.write("docs/iOS/plans.md", "An iOS app, some day.\n")
        android.write("tools/Info.plist", "<plist/>\n")
        #expect(detected(android).names == ["android"])
        #expect(
            detected(android).source.hasPrefix("androidApp/build.gradle.kts builds an Android app"))

        // Kotlin Multiplatform: the shared module is a library; the apps are the Gradle app and Xcode's.
        let kmp = GitFixture("kmp")
        kmp.write("shared/build.gradle.kts", "plugins { kotlin(\"multiplatform\"); id(\"com.android.library\") }\n")
        kmp.write("composeApp/build.gradle.kts", "plugins { alias(libs.plugins.android.application) }\n")
        kmp.write("iosApp/iosApp.xcodeproj/project.pbxproj", "buildSettings = { SDKROOT = iphoneos; };\n")
        #expect(detected(kmp).names == ["android", "ios"])

        // The version catalog says which plugin an accessor names, whatever its alias: a root build
        // that only declares the plugin (`apply false`) builds no app.
        let catalog = GitFixture("catalog")
        catalog.write(
            "gradle/libs.versions.toml",
            "[versions]\nagp = \"8.5.0\"\n\n[plugins]\nstore-app = { id = \"com.android.application\", version.ref = \"agp\" }\n"
                + "androidApplication = { id = \"com.android.library\", version.ref = \"agp\" }\n")
        catalog.write("build.gradle.kts", "plugins {\n    alias(libs.plugins.store.app) apply false\n}\n")
        catalog.write("library/build.gradle.kts", "plugins { alias(libs.plugins.androidApplication) }\n")
        #expect(detected(catalog).names.isEmpty)
        catalog.write("shop/build.gradle.kts", "plugins {\n    alias(libs.plugins.store.app)\n}\n")
        #expect(detected(catalog).names == ["android"])
        #expect(detected(catalog).source.hasPrefix("shop/build.gradle.kts builds an Android app"))

        // A server alone builds no app: every platform step is skipped, saying so.
        let server = GitFixture("server")
        server.write("build.gradle", "plugins { id 'java' }\n")
        server.write("Mac/Mac.xcodeproj/project.pbxproj", "buildSettings = { SDKROOT = macosx; };\n")
        let none = detected(server)
        #expect(none.names.isEmpty)
        #expect(none.source.hasPrefix("no build file in the repository builds an Android or iOS app"))
    }

    @Test func aConditionThatIsNotOneIsRefusedWithItsLine() {
        let error = #expect(throws: Failure.self) { try runbook("## Step\n\nwhen: windows\n- [x] x\n") }
        #expect(
            error?.message
                == "Runbooks/sample.md:3: `when: windows` is not a condition (known: ios, android, vars.NAME, rollback, local-association)"
        )
    }

    @Test func skipsCarryTheirReasonFromTheFlagAndThePrompt() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            "## One\n```relops\nrelops scan\n```\n## Two\n```relops\nrelops scan\n```\n## Three\n- [ ] x\n")
        var options = RunOptions()
        options.interactive = true
        options.skippedSteps = [("one", "inventory done by hand")]
        let io = ScriptedIO()
        io.choices = [.run, .skip(reason: "the store review is someone else's")]
        let run = try engine(book, folder, io, options: options)
        #expect(try run.run() == .complete)
        #expect(run.state.steps.map(\.status) == [.skipped, .passed, .skipped])
        #expect(run.state.steps[0].note == "skipped by Ada Operator: inventory done by hand")
        #expect(run.state.steps[2].note == "skipped by Ada Operator: the store review is someone else's")
        #expect(io.relopsCalls.count == 1)

        options.skippedSteps = [("9", "no such step")]
        options.newRun = true
        let unknown = #expect(throws: Failure.self) { try engine(book, folder, io, options: options) }
        #expect(unknown?.message.hasPrefix("--skip 9: sample has no such step; steps: 1 (one)") == true)
        let noReason = #expect(throws: Failure.self) { try RunOptions.skips(["2"]) }
        #expect(noReason?.message == "--skip 2: expected STEP=\"reason\" (a step number or id, and why)")
    }

    let inventory = """
        ---
        vars:
          expect_binary:
            default: auto
          expect_docs:
            default: auto
        ---
        ## Inventory
        ```relops
        relops scan --host old.example.net --expect binary={{expect_binary}},docs={{expect_docs}},test=0
        ```
        """

    func scanIO() -> ScriptedIO {
        let io = ScriptedIO()
        io.relopsResults["scan --host old.example.net --format json"] = CommandOutput(
            status: 0, output: #"{"counts": {"binary-config": 1, "binary-literal": 2, "docs": 4, "test": 0}}"#)
        return io
    }

    @Test func autoCountsAreFoundAcceptedByAPersonThenCompared() throws {
        let folder = TemporaryFolder()
        var options = RunOptions()
        options.interactive = true
        let io = scanIO()
        io.confirmations = [false]
        let declined = try engine(try runbook(inventory), folder, io, options: options)
        #expect(try declined.run() == .stopped(step: 1))
        #expect(declined.state.steps[0].note == "counts not accepted: binary=3,docs=4")

        io.confirmations = [true]
        let accepted = try engine(try runbook(inventory), folder, io, options: options)
        #expect(try accepted.run() == .complete)
        #expect(io.relopsCalls.last == ["scan", "--host", "old.example.net", "--expect", "binary=3,docs=4,test=0"])
        let recorded = try #require(accepted.state.vars.first { $0.name == "expect_docs" })
        #expect(recorded.value == "4")
        #expect(recorded.source?.hasPrefix("found by step 1, accepted by Ada Operator at ") == true)
        #expect(accepted.state.steps[0].checks.map(\.kind) == [.relops, .confirm, .relops])

        // A later run starts from the accepted values: no scan for counts, no question.
        let store = RunStore(repositoryRoot: folder.path)
        let book = try runbook(inventory)
        let later = try RunVariables(
            runbook: book, config: [], overrides: [], recorded: try store.acceptedValues(of: book.name))
        #expect(later.values["expect_binary"] == "3" && later.values["expect_docs"] == "4")
    }

    @Test func autoCountsWithoutAPersonNeedAcceptCounts() throws {
        let folder = TemporaryFolder()
        let io = scanIO()
        let refused = try engine(try runbook(inventory), folder, io, options: nonInteractive())
        #expect(try refused.run() == .failed(step: 1))
        #expect(
            refused.state.steps[0].note
                == "the scan found binary=3,docs=4 for the `auto` expectations; accept them with --accept-counts (or pass --var expect_binary=3 --var expect_docs=4) once a person has read the scan"
        )
        var options = nonInteractive()
        options.acceptCounts = true
        let ci = try engine(try runbook(inventory), folder, io, options: options)
        #expect(try ci.run() == .complete)
        #expect(ci.state.steps[0].checks[1].excerpt?.hasPrefix("accepted with --accept-counts by Ada Operator") == true)
    }

    @Test func unknownOccurrencesAreAskedAboutAndNeverAcceptedWithAcceptCounts() throws {
        let book = try runbook(
            """
            ---
            vars:
              expect_binary:
                default: auto
              expect_unknown:
                default: auto
            ---
            ## Inventory
            ```relops
            relops scan --host old.example.net --expect binary={{expect_binary}},unknown={{expect_unknown}}
            ```
            """)
        let io = ScriptedIO()
        io.relopsResults["scan --host old.example.net --format json"] = CommandOutput(
            status: 0, output: #"{"counts": {"binary-literal": 2, "unknown": 1}}"#)
        var ci = nonInteractive()
        ci.acceptCounts = true
        let refusedFolder = TemporaryFolder()
        let refused = try engine(book, refusedFolder, io, options: ci)
        #expect(try refused.run() == .failed(step: 1))
        #expect(
            refused.state.steps[0].note?.hasPrefix(
                "the scan found 1 unknown occurrence: no build file relops read places it; --accept-counts does not accept them."
            ) == true)
        #expect(refused.state.steps[0].note?.hasSuffix("pass --var expect_unknown=1") == true)

        var asked = RunOptions()
        asked.interactive = true
        io.confirmations = [false]
        let declinedFolder = TemporaryFolder()
        let declined = try engine(book, declinedFolder, io, options: asked)
        #expect(try declined.run() == .stopped(step: 1))
        #expect(declined.state.steps[0].note?.contains("classify them with `classify:` in .relops.yml") == true)

        io.confirmations = [true, true]
        let acceptedFolder = TemporaryFolder()
        let accepted = try engine(book, acceptedFolder, io, options: asked)
        #expect(try accepted.run() == .complete)
        #expect(io.relopsCalls.last == ["scan", "--host", "old.example.net", "--expect", "binary=2,unknown=1"])
    }

    @Test func anIdentityScanIsConfirmedOncePerURI() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ## Identity
            ```relops identity=uris
            relops scan --host new.example.com
            ```
            - [ ] Registered: {{uris}}
            """)
        let io = ScriptedIO()
        let json = """
            {"occurrences": [
              {"host": "new.example.com", "path": "id/appsettings.json", "line": 3,
               "text": "\\"RedirectUris\\": [\\"https://new.example.com/signin-oidc\\", \\"https://new.example.com/about\\"]"},
              {"host": "new.example.com", "path": "App.entitlements", "line": 9,
               "text": "<string>webcredentials:new.example.com</string> <string>applinks:new.example.com</string>"}
            ]}
            """
        io.relopsResults["scan --host new.example.com --format json"] = CommandOutput(status: 0, output: json)
        io.confirmations = [true, true]
        var options = RunOptions()
        options.interactive = true
        let run = try engine(book, folder, io, options: options)
        #expect(try run.run() == .complete)
        #expect(
            run.state.steps[0].checks.map(\.text) == [
                "relops scan --host new.example.com --format json",
                "Registered: https://new.example.com/signin-oidc",
                "Registered: webcredentials:new.example.com",
            ])
        #expect(
            run.state.steps[0].checks[0].excerpt?.contains(
                "https://new.example.com/signin-oidc  (id/appsettings.json:3)") == true)
        #expect(run.state.vars.first { $0.name == "uris" }?.source == "found by step 1")
    }

    @Test func theMissingValuesAreAskedForTogetherOnceAndRecordedInTheRun() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            "---\nvars:\n  new_host:\n    description: where to\n  old_host: a.example.net\n  team:\n    description: who\n---\n"
                + "## Move\n```relops\nrelops cutover --from {{old_host}} --to {{new_host}}\n```\n\n- [x] {{team}} knows\n"
        )
        var prompts: [[String]] = []
        let variables = try RunVariables(runbook: book, config: [], overrides: []) { missing in
            prompts.append(missing.map { "\($0.name) (\($0.description ?? ""))" })
            return ["new_host": "b.example.com", "team": "ops"]
        }
        #expect(prompts == [["new_host (where to)", "team (who)"]])
        let io = ScriptedIO()
        let run = try RunbookEngine(
            runbook: book, variables: variables, repositoryRoot: folder.path, io: io, options: nonInteractive(),
            operatorName: "Ada Operator")
        #expect(try run.run() == .complete)
        #expect(
            run.state.vars.first { $0.name == "new_host" }
                == RunState.Variable(name: "new_host", value: "b.example.com", source: "asked"))

        // Resumed or rolled back, the recorded value holds without asking again.
        let again = try RunVariables(runbook: book, config: [], overrides: [], recorded: run.state.vars) { _ in
            Issue.record("asked again")
            return [:]
        }
        #expect(again.values["new_host"] == "b.example.com" && again.sources["new_host"] == "asked")
    }

    @Test func identityURIsOnALine() {
        let host = "app.example.com"
        #expect(
            IdentityURIs.find(in: #"RedirectUri = "https://app.example.com/auth/callback?x=1";"#, host: host) == [
                "https://app.example.com/auth/callback?x=1"
            ])
        #expect(
            IdentityURIs.find(in: "https://app.example.com/ and https://app.example.com/sessions/1", host: host).isEmpty
        )
        #expect(
            IdentityURIs.find(in: "conference://app.example.com/oauth-complete", host: host) == [
                "conference://app.example.com/oauth-complete"
            ])
        #expect(IdentityURIs.find(in: "https://other.example.com/signin-oidc app.example.com", host: host).isEmpty)
    }
}
