import Foundation
import TestSupport
import Testing

/// Issue 39, end to end on a hostile repository: one verdict per path on every command. An
/// unreadable `.relops.yml` stops `association render` as it stops the rest (and `--out` stays
/// contained), `association sources` refuses the served file `render` refuses, an unreadable
/// settings source is never taken for "external".
@Suite struct HostileVerdictTests {
    let statics = """
        [{
          "relation": ["delegate_permission/common.handle_all_urls"],
          "target": { "namespace": "android_app", "package_name": "com.example.app",
            "sha256_cert_fingerprints": ["\(AssociationTests.fingerprint)"] }
        }]

        """

    func run(
        _ box: HostileSandbox, _ arguments: [String], exits status: Int32, naming texts: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = box.snapshot()
        let run = box.relopsBounded(arguments)
        #expect(!run.timedOut, sourceLocation: sourceLocation)
        #expect(run.status == status, "\(arguments): \(run.stdout)\(run.stderr)", sourceLocation: sourceLocation)
        for text in texts {
            #expect(run.stderr.contains(text), "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        }
        #expect(box.changes(since: before) == [], sourceLocation: sourceLocation)
    }

    /// A repository serving the settings' section, with `site/.well-known` planted to lead outside.
    func plantedOut() -> HostileSandbox {
        let box = HostileSandbox()
        box.write("Web/appsettings.json", RepositoryContainmentTests.settings)
        box.writeOutside("site/.well-known/keep.txt", "outside\n")
        box.link("site/.well-known", to: "../../outside/site/.well-known")
        return box
    }

    @Test func renderOutWithAnInvalidRelopsYmlIsExitTwoNamingItAndWritesNothing() {
        let box = plantedOut()
        box.write(".relops.yml", "app: [unclosed\n")
        box.commit()
        for arguments in [
            ["association", "render", "--config", "Web/appsettings.json", "--out", "site"],
            ["association", "render", "--package", "com.example.app", "--out", "site"],
            [
                "fingerprint", "rotate", "--config", "Web/appsettings.json", "--to",
                RepositoryContainmentTests.newFingerprint,
            ],
        ] {
            run(box, arguments, exits: 2, naming: ["/.relops.yml:", "malformed YAML"])
        }
    }

    @Test func renderOutWithARelopsYmlSymlinkedOutsideIsExitTwoNamingItAndWritesNothing() {
        let box = plantedOut()
        box.writeOutside("relops.yml", "app:\n  web_host: app.example.com\n")
        box.link(".relops.yml", to: "../outside/relops.yml")
        box.commit()
        run(
            box, ["association", "render", "--config", "Web/appsettings.json", "--out", "site"], exits: 2,
            naming: [".relops.yml: leads outside the repository (.relops.yml is a symlink to ../outside/relops.yml"])
    }

    @Test func sourcesRefusesASymlinkedWellKnownFolderAsRenderDoes() {
        let box = HostileSandbox()
        box.write("public/.well-known/assetlinks.json", statics)
        box.commit()
        box.writeOutside("well-known/assetlinks.json", statics)
        box.replaceFolder("public/.well-known", withLinkTo: "../../outside/well-known")
        let naming = [
            "public/.well-known/assetlinks.json: leads outside the repository (public/.well-known is a symlink to "
                + "../../outside/well-known"
        ]
        for command in ["sources", "render"] {
            run(box, ["association", command], exits: 2, naming: naming)
        }
    }

    @Test func sourcesRefusesAFIFOInPlaceOfATrackedDocumentAsRenderDoes() {
        let box = HostileSandbox()
        box.write("public/.well-known/assetlinks.json", statics)
        box.commit()
        box.fifo("public/.well-known/assetlinks.json")
        for command in ["sources", "render"] {
            run(
                box, ["association", command], exits: 2,
                naming: ["public/.well-known/assetlinks.json: a FIFO, not a regular file"])
        }
    }

    /// A settings file with an `AppAssociation` section that cannot be read: a key given twice,
    /// or nesting a million deep elsewhere in it. Rotate once said "assetlinks.json is external"
    /// and exited 0; every command now stops naming the file and why.
    @Test(arguments: ["duplicate", "deep"]) func anUnreadableSettingsSourceIsExitTwoNeverExternal(_ shape: String) {
        let box = HostileSandbox()
        let section =
            #""AppAssociation": { "AndroidPackageName": "com.example.app", "#
            + #""AndroidCertFingerprints": ["\#(AssociationTests.fingerprint)"] }"#
        let settings =
            shape == "duplicate"
            ? "{ \(section), \"Logging\": { \"Level\": 1, \"Level\": 2 } }\n"
            : "{ \(section), \"Deep\": \(String(repeating: "[", count: 1_000_000))"
                + "\(String(repeating: "]", count: 1_000_000)) }\n"
        box.write("Web/appsettings.json", settings)
        box.commit()
        let naming = ["Web/appsettings.json: its AppAssociation section cannot be read: "]
        run(
            box, ["fingerprint", "rotate", "--to", RepositoryContainmentTests.newFingerprint, "--apply"], exits: 2,
            naming: naming)
        run(box, ["association", "sources"], exits: 2, naming: naming)
    }
}
