#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMallocArena

// One malloc arena for every thread, before any thread starts: each worker's own arena kept up to 230 KiB
// resident that nothing used; the document index and the finds measured no slower (docs/DECISIONS.md).
arbor_use_one_malloc_arena()
// The only place the process ends: a status from the program, or a failure's message and status.
signal(SIGPIPE, SIG_IGN)
do {
    exit(try Program.run(Array(CommandLine.arguments.dropFirst())))
} catch {
    if let message = error.message { printError("arbor: " + message) }
    if let hint = error.hint { printError(hint) }
    exit(error.status)
}
