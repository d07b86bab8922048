import Foundation

/// The Python of the virtual environment `make test-deps` makes under the build folder
/// (`.build/pyvenv`), which has the PyPI packages tests use as fixture makers and oracles
/// (`pyaxml`, `androguard`, `protobuf`). `RELOPS_TEST_PYTHON` overrides it.
public var testPython: String {
    if let explicit = ProcessInfo.processInfo.environment["RELOPS_TEST_PYTHON"] { return explicit }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return root.appendingPathComponent(".build/pyvenv/bin/python").path
}

/// Runs `script` (Python source) with the test Python and `arguments` (`sys.argv[1:]`).
@discardableResult
public func runPython(_ script: String, _ arguments: [String] = [], in folder: String? = nil) -> ProcessOutput {
    runProcess(testPython, ["-c", script] + arguments, in: folder, killAfter: 120)
}
