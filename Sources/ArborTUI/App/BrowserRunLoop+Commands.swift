import ArborCore
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BrowserRunLoop {
    /// Starts the previews the controller asked for: the source's in the background, a command's in a process
    /// whose output the loop polls (the one running before is stopped first: one alive at a time).
    func startPreviews(_ requests: [PreviewRequest]) {
        for request in requests {
            switch request.mode {
            case .builtIn:
                let load = request.purpose == .show ? turns.started() : nil
                Task.detached { [performer, inbox, turns] in
                    let content: PreviewContent
                    do {
                        content = PreviewContent(try await performer.source.itemPreview(of: request.id, lines: request.lines))
                    } catch {
                        content = PreviewContent(lines: [StyledLine([StyledRun("⚠ " + error.localizedMessage, CellStyle(.error))])], wraps: true)
                    }
                    turns.shown(load)
                    inbox.post(.preview(PreviewAnswer(generation: request.generation, purpose: request.purpose, content: content)))
                }
            case .command(let template):
                previewProcess?.stop()
                previewProcess = nil
                let command = Placeholders.expand(template, with: located(request.placeholders, for: template))
                do {
                    previewProcess = try PreviewProcess(command: command, generation: request.generation, lines: request.lines / 2,
                                                        columns: request.columns)
                } catch {
                    inbox.post(.preview(PreviewAnswer(generation: request.generation, content: PreviewContent(
                        lines: [StyledLine([StyledRun("⚠ " + error.message, CellStyle(.error))])]))))
                }
            }
        }
    }

    /// Reads the running preview's output and hands it on; the process is dropped once it has finished.
    func pollPreview() -> BrowserInput? {
        guard let process = previewProcess else { return nil }
        let (finished, note) = process.readAvailable()
        if finished { previewProcess = nil }
        guard finished || !process.output.isEmpty else { return nil }
        let content = PreviewContent(lines: TerminalText.lines(process.output, maxLines: Self.previewLineLimit), note: note)
        return .preview(PreviewAnswer(generation: process.generation, content: content, isFinal: finished))
    }

    /// The most lines of a command's output kept for the pane.
    static let previewLineLimit = 20_000

    /// The placeholders' values with the item's path, file and line asked of the source, when the command uses
    /// them (a short wait: the source finds them without reading its items).
    func located(_ values: PlaceholderValues, for template: String) -> PlaceholderValues {
        guard PlaceholderValues.needsLocation(template), !values.id.isEmpty else { return values }
        let source = performer.source
        let id = values.id
        var values = values
        if let location = try? blocking({ try await source.itemLocation(of: id) }) {
            if let path = location.path { values.path = path }
            if let file = location.file { values.file = file }
            if let line = location.line { values.line = line }
        }
        return values
    }

    /// Runs the command lines the controller asked for, in order: `execute` with the terminal handed over and
    /// taken back, `execute-silent` without it, `become` in Arbor's place. Returns an exit status when `become`
    /// could not replace Arbor, or a signal that ends it arrived meanwhile.
    func runCommands(_ requests: [CommandRequest]) -> Int32? {
        for request in requests {
            let command = Placeholders.expand(request.template, with: located(request.values, for: request.template))
            switch request.kind {
            case .execute:
                previewProcess?.stop()
                previewProcess = nil
                terminal.suspend()
                if let pid = ChildProcess.spawn(command, streams: .terminal, ownGroup: false).0 { ChildProcess.wait(pid) }
                terminal.resume()
            case .silent:
                if let pid = ChildProcess.spawn(command, streams: .none, ownGroup: false).0 { ChildProcess.wait(pid) }
            case .become:
                previewProcess?.stop()
                previewProcess = nil
                terminal.shutdown()
                SignalTrap.uninstall()
                Self.exec(command)
                return 127
            }
            // Ctrl-C and Ctrl-Z went to the command; a hang-up or a kill still ends Arbor.
            while let signal = SignalTrap.takeCaught() {
                if signal != SIGINT, signal != SIGTSTP { return 128 + signal }
            }
        }
        return nil
    }

    /// Replaces the process with `/bin/sh -c COMMAND`, stdin on the terminal when it was a pipe; returns only
    /// when that fails.
    private static func exec(_ command: [UInt8]) {
        if isatty(0) == 0 {
            #if canImport(Glibc)
            let tty = Glibc.open("/dev/tty", O_RDONLY)
            #else
            let tty = Darwin.open("/dev/tty", O_RDONLY)
            #endif
            if tty >= 0 {
                dup2(tty, 0)
                close(tty)
            }
        }
        let words: [[UInt8]] = [Array("/bin/sh".utf8), Array("-c".utf8), command]
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { word in
            let pointer = malloc(word.count + 1)!.assumingMemoryBound(to: CChar.self)
            for (index, byte) in word.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[word.count] = 0
            return pointer
        }
        argv.append(nil)
        execv("/bin/sh", argv)
        let reason = String(cString: strerror(errno))
        _ = "arbor: cannot run /bin/sh: \(reason)\n".withCString { write(2, $0, strlen($0)) }
    }
}

extension Error {
    /// The message of a source's error, or the error described.
    var localizedMessage: String { (self as? SourceError)?.message ?? String(describing: self) }
}
