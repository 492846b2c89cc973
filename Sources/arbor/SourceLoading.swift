import ArborCore
import ArborSources
import ArborTUI
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the source on another thread, through the first phase of the run loop: when that takes longer than a
/// moment (a large document, a slow pipe), the terminal says what is being read until it is done, and q, Esc or
/// Ctrl-C stop Arbor; the browser then goes on in the same terminal.
enum SourceLoading {
    /// The opened source; the loading screen, when one is needed, draws on the lease's terminal, which stays
    /// acquired for the browser. The problems in the data are printed here when no terminal is in use, else once
    /// it is given back. With `streaming`, a long path list opens as soon as its first part is read.
    static func open(_ options: SourceOptions, name: String, terminal lease: TerminalLease, streaming: Bool)
        throws(ArborFailure) -> OpenedSource {
        try Program.requireSource(options)
        let request = options.request
        let result: Result<OpenedSource, any Error>
        do throws(OpeningStop) {
            result = try BrowserRunLoop.open(name: name, progress: request.progress, acquire: { try? lease.acquire() },
                                             release: lease.release) { done in
                WorkerThreads.start {
                    done(Result { () throws(SourceLoadError) in
                        let opened = try SourceOpener.open(request, streaming: streaming)
                        return request.watches ? SourceOpener.following(opened, request: request) : opened
                    }.mapError { $0 })
                }
            }
        } catch {
            throw ArborFailure(message: error.failure, status: error.status)
        }
        switch result {
        case .success(let opened):
            if !lease.wasAcquired { for problem in opened.problems { printError("arbor: " + problem) } }
            return opened
        case .failure(let error):
            throw .invalid((error as? SourceLoadError)?.message ?? String(describing: error))
        }
    }
}
