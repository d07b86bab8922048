import Foundation

let console = Console()
let status = CommandRunner.run(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status)
