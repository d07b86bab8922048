import Foundation
import TestSupport
import Testing

/// Issue 31, items 12-14: one refusal per input on every path. The static document reader that
/// `render`, `verify --local`, `sources` and `rotate` share is strict before any edit, speaks
/// JSON's words with `path:line:col`, keeps one size limit, and lists long lists as a count.
@Suite struct HostileDocumentTests {
    static let path = "public/.well-known/assetlinks.json"
    static let rotate = ["fingerprint", "rotate", "--to", RepositoryContainmentTests.newFingerprint, "--apply"]

    func statement(package: String = "com.example.app", extra: String = "") -> String {
        """
        {"relation": ["delegate_permission/common.handle_all_urls"],
         "target": {"namespace": "android_app", "package_name": "\(package)",\(extra)
          "sha256_cert_fingerprints": ["\(AssociationTests.fingerprint)"]}}
        """
    }

    func box(_ document: String) -> HostileSandbox {
        let box = HostileSandbox()
        box.write(Self.path, document)
        box.write(".relops.yml", "app:\n  web_host: app.example.com\n")
        box.commit()
        return box
    }

    func refused(_ box: HostileSandbox, _ arguments: [String]) -> BoundedOutput {
        let before = box.snapshot()
        let run = box.relopsBounded(arguments)
        #expect(!run.timedOut)
        #expect(box.changes(since: before) == [], "\(arguments) changed a file")
        return run
    }

    /// Item 12: a duplicate `sha256_cert_fingerprints` or `target`, or a lone surrogate, is bad
    /// input before the edit (exit 2, `path:line:col`, in JSON's words), not an internal error.
    @Test(arguments: [
        ("dup-fingerprints", "the key \"sha256_cert_fingerprints\" is given twice in one JSON object", 3),
        ("dup-target", "the key \"target\" is given twice in one JSON object", 4),
        ("surrogate", "a lone surrogate escape (\\ud800) is not a character", 2),
    ])
    func aDocumentJSONReadersDisagreeOnIsRefusedBeforeTheEdit(_ kind: String, _ words: String, _ line: Int) {
        let document: String
        switch kind {
        case "dup-fingerprints":
            document = "[" + statement(extra: " \"sha256_cert_fingerprints\": [],") + "]\n"
        case "dup-target":
            document = "[" + statement().replacingOccurrences(of: "}}", with: "},\n \"target\": {}}") + "]\n"
        default:
            document = "[" + statement(package: "com.example.app\\ud800") + "]\n"
        }
        let box = box(document)
        let rotate = refused(box, Self.rotate)
        #expect(rotate.status == 2, "\(rotate.stdout)\(rotate.stderr)")
        #expect(rotate.stderr.contains("\(Self.path):\(line):"), "\(rotate.stderr)")
        #expect(rotate.stderr.contains(words), "\(rotate.stderr)")
        #expect(!rotate.stderr.contains("internal error") && !rotate.stderr.contains(".NET"), "\(rotate.stderr)")
        // render reads it with the same reader and says the same.
        let render = refused(box, ["association", "render"])
        #expect(render.status != 0)
        #expect(render.stderr.contains(words), "\(render.stderr)")
    }

    /// Item 13: the 1 MiB limit holds for `rotate --apply` as for `render` and `verify`.
    @Test func aDocumentOverTheLimitIsRefusedByRotateAsByRender() {
        let padding = String(repeating: " ", count: 1 << 20)
        let box = box("[" + statement() + "]" + padding + "\n")
        for arguments in [Self.rotate, ["association", "render"], ["verify", "--local"]] {
            let run = refused(box, arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("\(Self.path): 1048"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("an association document is at most 1048576"), "\(run.stderr)")
            #expect(run.stdout.count < 10_000)
        }
    }

    /// Item 14: 7,000 statements granting `handle_all_urls`: the refusal gives the count and ten
    /// names, not a 120 KB line.
    @Test func aLongListInARefusalIsACountAndTenNames() {
        let statements = (0..<7000).map {
            "{\"relation\":[\"delegate_permission/common.handle_all_urls\"],\"target\":{\"namespace\":\"android_app\","
                + "\"package_name\":\"p.a\($0)\"}}"
        }
        let box = box("[" + statements.joined(separator: ",\n") + "]\n")
        let rotate = refused(box, Self.rotate)
        #expect(rotate.status == 2, "\(rotate.stderr)")
        #expect(rotate.stderr.contains("7000 statements grant handle_all_urls (7000: p.a0, p.a1,"), "\(rotate.stderr)")
        #expect(rotate.stderr.contains("p.a9 and 6990 more)"), "\(rotate.stderr)")
        #expect(rotate.stderr.utf8.count < 2_000)
    }
}
