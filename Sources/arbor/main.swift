#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The only place the process ends: a status from the program, or a failure's message and status.
signal(SIGPIPE, SIG_IGN)
do {
    exit(try Program.run(Array(CommandLine.arguments.dropFirst())))
} catch {
    if let message = error.message { printError("arbor: " + message) }
    if let hint = error.hint { printError(hint) }
    exit(error.status)
}
