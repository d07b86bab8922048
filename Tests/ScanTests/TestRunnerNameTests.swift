import Testing

@testable import Scan

@Suite struct TestRunnerNameTests {
    /// The runner of a configuration file's name, as the rule first wrote it: a prefix per runner.
    private func byPrefixes(_ lowerName: String) -> String? {
        if lowerName == "cypress.json" { return "cypress" }
        if lowerName.hasPrefix(".mocharc") { return "mocha" }
        if lowerName.hasPrefix(".detoxrc") { return "detox" }
        return TestRunnerConfiguration.runners.first {
            lowerName.hasPrefix($0 + ".config.") || lowerName.hasPrefix($0 + ".conf.")
        }
    }

    @Test func aRunnersConfigurationIsItsNameThenConfig() {
        // The rule reads the name up to its first dot: no runner's name may hold one.
        #expect(!TestRunnerConfiguration.runners.contains { $0.contains(".") })
        var names = [
            "", ".", "x", "jest", "jest.", "jest.config", "jest.config.", "jest.conf", "jest.conf.js",
            "jest.config.js", "jest.config.mjs", "jestx.config.js", "xjest.config.js", "jest..config.js",
            "jest.configx.js", "a.jest.config.js", "cypress.json", "cypress.config.ts", "cypress.jsonc",
            ".mocharc.yml", ".mocharc", ".detoxrc.js", "mocharc.yml", "karma.conf.js", "wdio.conf.ts",
            "playwright.config.ts", "playwright-ct.config.ts", "vitest.workspace.ts", "codecept.conf.js",
            "nightwatch.conf.cjs", "protractor.conf.js", "detox.config.js", "vitest.config.mts",
        ]
        for runner in TestRunnerConfiguration.runners {
            for tail in [".config.js", ".conf.", ".config", ".confx.js", "config.js", ".config.d.ts"] {
                names.append(runner + tail)
            }
        }
        for name in names {
            #expect(TestRunnerConfiguration.runner(of: name) == byPrefixes(name), "\(name)")
        }
        #expect(TestRunnerConfiguration.runner(of: "jest.config.js") == "jest")
        #expect(TestRunnerConfiguration.runner(of: "karma.conf.js") == "karma")
        #expect(TestRunnerConfiguration.runner(of: "jestx.config.js") == nil)
    }
}
