import Foundation
import TestSupport
import Testing

/// Issue 31, items 4-7 and 11-14, end to end: hangs and blow-ups that a crafted repository
/// caused, and refusals that differed by command. Each run is bounded (killed after a generous
/// time, so a hang fails instead of stalling the suite) and every file inside and outside the
/// repository is compared byte for byte afterwards.
@Suite struct HostileReaderTests {
    static let wellKnownReturn = "location = /.well-known/assetlinks.json { return 200 '[]'; }"

    func run(_ box: HostileSandbox, _ arguments: [String]) -> BoundedOutput {
        let before = box.snapshot()
        let run = box.relopsBounded(arguments)
        #expect(!run.timedOut, "\(arguments) did not finish: a hang")
        #expect(box.changes(since: before) == [], "\(arguments) changed a file")
        return run
    }

    /// Item 4: snippets that include each other (each `include conf.d/*.conf`, itself too) are a
    /// cycle nginx cannot load; refused at once instead of exploring every permutation.
    @Test func mutuallyIncludingSnippetsAreACycleRefusedAtOnce() {
        let box = HostileSandbox()
        box.write("nginx/nginx.conf", "http { server { root /srv; include conf.d/*.conf; } }\n")
        for i in 0..<12 { box.write("conf.d/s\(i).conf", "location /x\(i) { include conf.d/*.conf; }\n") }
        box.commit()
        let sources = run(box, ["association", "sources"])
        #expect(sources.status == 2, "\(sources.stdout)\(sources.stderr)")
        #expect(sources.stderr.contains("conf.d/s0.conf:1: include conf.d/*.conf includes conf.d/s0.conf"))
        #expect(sources.stderr.contains("nginx cannot load a configuration that includes itself"))
    }

    /// Item 11: two configurations that include each other leave none to load first; relops says
    /// so (exit 2) instead of reporting the static file with exit 0.
    @Test func configurationsIncludingEachOtherAreRefusedNotPassedOver() {
        let box = HostileSandbox()
        box.write("nginx/a.conf", "server { \(Self.wellKnownReturn) include b.conf; }\n")
        box.write("nginx/b.conf", "include a.conf;\n")
        box.write("public/.well-known/assetlinks.json", "[]\n")
        box.commit()
        let sources = run(box, ["association", "sources"])
        #expect(sources.status == 2, "\(sources.stdout)\(sources.stderr)")
        #expect(
            sources.stderr.contains(
                "nginx/a.conf: every nginx configuration is included by another (nginx/a.conf, nginx/b.conf), so "
                    + "none is loaded first"), "\(sources.stderr)")
        #expect(sources.stderr.contains("nginx would refuse this configuration"), "\(sources.stderr)")
        #expect(!sources.stdout.contains("static file"))
    }

    /// Item 5: thousands of snippets, each with an include that matches nothing, cost one index
    /// look-up each, not a walk of every configuration.
    @Test func manySnippetsWithIncludesMatchingNothingFinish() {
        let box = HostileSandbox()
        box.write("nginx/nginx.conf", "http { server { root /srv; include snippets/*.conf; } }\n")
        box.write("nginx/snippets/well-known.conf", Self.wellKnownReturn + "\n")
        for i in 0..<3000 {
            box.write("nginx/snippets/s\(i).conf", "location /s\(i) { include none\(i)/*.conf; }\n")
        }
        box.commit()
        let sources = run(box, ["association", "sources"])
        #expect(sources.status == 0, "\(sources.stderr)")
        #expect(sources.stdout.contains("nginx nginx/snippets/well-known.conf:1"), "\(sources.stdout)")
    }

    /// Item 6: catastrophic regex locations are stopped by the work limit and reported as
    /// unreadable (the location keeps its place), not evaluated for seconds each.
    @Test func catastrophicRegexLocationsAreUnreadableNotSlow() {
        let box = HostileSandbox()
        var locations = ""
        for i in 0..<12 { locations += "location ~ ^/\\.well-known/((.|.)+)+Z\(i)$ { return 404; }\n" }
        box.write("nginx/site.conf", "server {\n\(locations)}\n")
        box.commit()
        let sources = run(box, ["association", "sources", "--format", "json"])
        #expect(sources.stdout.contains("relops cannot read this regular expression"), "\(sources.stdout)")
        #expect(sources.stdout.contains("((.|.)+)+Z0$"), "\(sources.stdout)")
    }

    /// Item 7: a FIFO at a tracked configuration path is reported and skipped, never opened for
    /// reading in a way that waits for a writer.
    @Test(arguments: ["nginx/a.conf", "Web/appsettings.json", "Dockerfile"])
    func aFIFOAtATrackedPathIsSkippedNotWaitedOn(_ path: String) {
        let box = HostileSandbox()
        box.write(path, "placeholder\n")
        box.write("public/.well-known/assetlinks.json", HostileWriterTests().statics)
        box.commit()
        box.fifo(path)
        let sources = run(box, ["association", "sources"])
        #expect(sources.status == 0, "\(sources.stderr)")
        #expect(
            sources.stdout.contains("skipped: \(path): a FIFO, not a regular file"), "\(sources.stdout)")
        let render = run(box, ["association", "render"])
        #expect(render.status == 0, "\(render.stderr)")
    }
}
