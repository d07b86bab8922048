import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The shipped runbooks parse, declare what they use, and run exactly the command lines the issues
/// specify. (Running them end to end needs scan, cutover, fingerprint, verify and anchors.)
@Suite(.relopsCommands) struct ShippedRunbookTests {
    func shipped(_ name: String) throws -> Runbook {
        try Runbook(contentsOf: packageRoot + "/Runbooks/\(name).md")
    }

    /// Every relops command of `book` with `vars` filled in, step by step.
    func commands(_ book: Runbook, _ vars: [String]) throws -> [[String]] {
        let variables = try RunVariables(runbook: book, config: [], overrides: vars)
        return try book.steps.map { step in
            try step.actions.flatMap { action -> [String] in
                guard case .relops(let check) = action else { return [] }
                return try check.commands.map { try variables.arguments(of: $0).joined(separator: " ") }
            }
        }
    }

    func confirmations(_ book: Runbook) -> [Int] {
        book.steps.map { step in
            step.actions.filter { if case .confirmation = $0 { return true } else { return false } }.count
        }
    }

    @Test func domainCutover() throws {
        let book = try shipped("domain-cutover")
        #expect(book.title == "Domain cutover")
        let old = "adc-ui.kindrock-1234.eastus.azurecontainerapps.io"
        let missing = try #require(throws: Failure.self) {
            _ = try RunVariables(runbook: book, config: [], overrides: [])
        }
        // Issue 30: android_package may be left empty (an iOS-only app), so three have no value.
        #expect(missing.message.contains("domain-cutover needs 3 variables that have no value:\n  old_host "))
        let flags = "--offline --cacert ca.pem"
        let steps = try commands(
            book,
            [
                "old_host=\(old)", "new_host=app.example.com", "association_config=Web/appsettings.json",
                "android_package=com.example.app", "min_app_version=2.0", "verify_flags=\(flags)",
            ])
        let counts =
            "binary=auto,server=auto,store-listing=auto,docs=auto,comment=auto,repo-meta=auto,test=auto,build=auto,other=auto,unknown=auto"
        #expect(
            steps == [
                ["scan --host \(old) --expect \(counts)"],
                ["verify --host app.example.com --tls-only \(flags)"],
                [
                    "association sources",
                    "verify --host app.example.com --platforms  --package com.example.app --fingerprint  --app-id  \(flags)",
                ],
                ["cutover --from \(old) --to app.example.com"],
                ["cutover --from \(old) --to app.example.com --apply --commit"],
                [
                    "scan --host \(old) --after-cutover --expect binary=0,server=0,store-listing=0,docs=0,comment=0,repo-meta=0,test=0,build=0,other=0,unknown=0"
                ],
                ["scan --host app.example.com"],
                [
                    "verify --host app.example.com --platforms  --package com.example.app --fingerprint  --app-id  \(flags)",
                    "verify --host \(old) --platforms  --package com.example.app --fingerprint  --app-id  \(flags)",
                ],
                // The new build's binary count: the new host, plus the old host where the cutover kept it.
                // The release binary, when `android_artifact` / `ios_artifact` name one (`when=vars.`).
                [
                    "scan --host app.example.com --host \(old) --expect binary=auto,unknown=auto",
                    "verify --host app.example.com --artifact  --min-app-version 2.0 --platforms android "
                        + "--package com.example.app --fingerprint  \(flags)",
                ],
                [
                    "scan --host app.example.com --host \(old) --expect binary=auto,unknown=auto",
                    "verify --host app.example.com --artifact  --min-app-version 2.0 --platforms ios --app-id  \(flags)",
                ],
                [
                    "verify --host app.example.com --platforms  --package com.example.app --fingerprint  --app-id  --wait 30m \(flags)"
                ],
                [], [], [],
                ["verify --host \(old) --platforms  --package com.example.app --fingerprint  --app-id  \(flags)"],
                [],
                ["cutover undo --commit", "scan --host \(old) --expect \(counts)"],
                ["verify --host \(old) --platforms  --package com.example.app --fingerprint  --app-id  \(flags)"],
            ])
        #expect(confirmations(book) == [0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 0, 2, 1, 2, 1, 1, 0, 1])
        #expect(
            book.steps.map { $0.condition?.text ?? "-" } == [
                "-", "-", "-", "-", "-", "-", "-", "-", "android", "ios", "ios", "android", "ios", "-", "-",
                "rollback", "rollback", "rollback",
            ])
        // The confirmations of committed work check the repository first.
        #expect(book.steps.filter { $0.evidence == .committed }.map(\.number) == [8, 18])
        #expect(
            book.steps[6].actions.contains { action in
                if case .relops(let check) = action { return check.identityVariable == "identity_uris" }
                return false
            })
    }

    @Test func fingerprintRotation() throws {
        let book = try shipped("fingerprint-rotation")
        let old = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
        let new = "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89"
        let steps = try commands(
            book,
            [
                "new_cert=deployment_cert.der", "old_fingerprint=\(old)", "new_fingerprint=\(new)",
                "android_package=com.example.app",
                "web_host=app.example.com",
            ])
        #expect(
            steps == [
                ["fingerprint show --cert deployment_cert.der"],
                ["fingerprint rotate --cert deployment_cert.der --keep-old --apply"],
                [],
                [
                    "verify --host app.example.com --platforms android --package com.example.app --fingerprint \(old) --fingerprint \(new)"
                ],
                ["fingerprint rotate --retire \(old) --apply"],
                ["verify --host app.example.com --platforms android --package com.example.app --fingerprint \(new)"],
                ["fingerprint rotate --to \(new)"],
            ])
        #expect(confirmations(book) == [1, 0, 1, 0, 1, 2, 1])
        #expect(book.steps.filter { $0.evidence == .committed }.map(\.number) == [3, 6])
    }

    @Test func adrAnchorAudit() throws {
        let book = try shipped("adr-anchor-audit")
        let steps = try commands(book, ["repin_flags=--date 2026-08-31"])
        #expect(steps == [["anchors audit"], ["anchors repin --revision-note --date 2026-08-31"], ["anchors audit"]])
        #expect(try commands(book, [])[1] == ["anchors repin --revision-note"])
        let accepted = book.steps.compactMap { step -> [Int32]? in
            guard case .relops(let check) = step.actions.first else { return nil }
            return check.acceptedExitCodes
        }
        #expect(accepted == [[0, 1], [0, 1], [0, 1]])
        #expect(confirmations(book) == [0, 0, 2])
    }
}
