import CHeap
import Foundation

// Before any thread starts: the scan's workers each fill an arena of their own, and without this
// each arena grows by an mprotect(2) per few pages (143 calls in a scan of the Flutter-shaped
// benchmark corpus, 11 with it), each holding the address space's lock against the other
// workers' page faults. docs/scan.md has the figures.
_ = relops_grow_heaps_in_large_steps()

let console = Console()
let status = CommandRunner.run(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status)
