#if DEBUG
    import Cutover
    import Foundation

    /// Test-only hooks of `cutover --apply`, read from the environment. Compiled into debug builds
    /// only (the tests run the debug binary): a release binary has no such code to obey.
    enum CutoverTestHooks {
        static func install(_ options: ApplyOptions) -> ApplyOptions {
            var options = options
            let environment = ProcessInfo.processInfo.environment
            // Kill the process (SIGKILL) right after the Nth rename.
            if let crash = environment["RELOPS_TEST_CRASH_AFTER"].flatMap(Int.init) {
                options.afterEachFile = { n in if n == crash { kill(getpid(), SIGKILL) } }
            }
            // Before the first rename: create FOLDER/paused, then wait (30 s at most) for FOLDER/resume.
            if let folder = environment["RELOPS_TEST_PAUSE_BEFORE_RENAME"] {
                options.beforeRenames = {
                    _ = FileManager.default.createFile(atPath: folder + "/paused", contents: Data())
                    for _ in 0..<3000 where !FileManager.default.fileExists(atPath: folder + "/resume") {
                        usleep(10_000)
                    }
                }
            }
            // Just before the commit: take git's index lock (FOLDER/index.lock), as a concurrent git would.
            if let gitFolder = environment["RELOPS_TEST_LOCK_INDEX_BEFORE_COMMIT"] {
                options.beforeCommit = {
                    _ = FileManager.default.createFile(atPath: gitFolder + "/index.lock", contents: Data())
                }
            }
            return options
        }

        /// Kill `cutover undo` (SIGKILL) right after it restored its Nth file.
        static func undoHook() -> (@Sendable (Int) -> Void)? {
            guard let crash = ProcessInfo.processInfo.environment["RELOPS_TEST_CRASH_UNDO_AFTER"].flatMap(Int.init)
            else { return nil }
            return { n in if n == crash { kill(getpid(), SIGKILL) } }
        }

        /// Kill `cutover undo` (SIGKILL) once git is put back (after an `undo --commit` made its
        /// commit), before its journal says `undone`.
        static func undoGitStepHook() -> (@Sendable () -> Void)? {
            guard ProcessInfo.processInfo.environment["RELOPS_TEST_CRASH_UNDO_AFTER_GIT"] != nil else { return nil }
            return { kill(getpid(), SIGKILL) }
        }
    }
#endif
