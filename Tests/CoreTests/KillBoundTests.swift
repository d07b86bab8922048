import Foundation
import TestSupport
import Testing

/// The kill bound every end-to-end test of the binary runs under (`relops(...)`): a process that
/// outlives it is killed, so a hang fails its test instead of stopping the suite.
@Suite struct KillBoundTests {
    @Test func aProcessThatOutlivesItsBoundIsKilled() {
        let result = runProcess("/bin/sleep", ["600"], killAfter: 1)
        #expect(result.status == SIGKILL, "\(result)")
        let quick = runProcess("/bin/sh", ["-c", "echo done"], killAfter: 60)
        #expect(quick.status == 0 && quick.stdout == "done\n")
    }
}
