import ArborCore
import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal on `/dev/tty`, so that stdin and stdout stay free for pipes: its terminfo entry (ncursesw's) says
/// how to enter and leave the program's screen and how to draw, the modes are set from the shell's and given back,
/// keys and mouse reports are decoded here; frames are written by a `FrameEncoder`, changed cells only.
package final class TerminfoTerminal: TerminalDevice {
    private let tty: UnsafeMutablePointer<FILE>
    /// The shell's modes, given back when the terminal is; nil when they could not be read.
    private let shellModes: termios?
    /// The size in cells, as the system last said.
    private var cells: (width: Int, height: Int)
    private var keyDecoder: TerminalKeyDecoder
    /// Whether the terminal was asked to report clicks and the wheel.
    private let reportsMouse: Bool
    /// What undoes the program's screen (the mouse reports off, the style reset, the cursor shown, the shell's
    /// screen back), sent on leaving and by the crash handler.
    private let undo: String
    private var readBuffer = [UInt8](repeating: 0, count: 4096)
    /// Milliseconds an escape sequence cut at the end of a read waits for its rest before its ESC is the Escape key.
    static let escapeDelay: Int32 = 25
    private let encoder: FrameEncoder
    private var shown: CellGrid?
    /// The sequences that enter the program's screen, held until the next write: the first frame goes out with
    /// them in one write, and the terminal draws nothing in between.
    private var entry: [UInt8] = []
    private var isShutDown = false
    /// Why the terminal can no longer be read, once it cannot.
    package private(set) var failure: String?
    /// The terminal opened again to read keys from, without blocking: a read takes what is there or says there
    /// is nothing, so a key costs one read instead of a poll before it.
    package let inputFD: Int32
    /// The terminal's descriptor curses was given, blocking, that frames are written to.
    private let outputFD: Int32
    /// With `--height`: the rows asked for, and the first row of the region drawn in, below the shell's prompt.
    private let inline: InlineHeight?
    private var inlineTop: Int?

    /// Opens `/dev/tty` and enters the program's screen drawing with `theme`; throws when there is no usable terminal.
    /// Opened only through a ``TerminalLease``.
    init(theme: Theme = .standard, mouse: Bool = true, height: InlineHeight? = nil) throws(TerminalError) {
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        if term.isEmpty || term == "dumb" {
            throw TerminalError("the terminal type '\(term.isEmpty ? "(unset)" : term)' cannot draw the browser; set TERM (for example TERM=xterm-256color)")
        }
        guard let tty = arbor_open_tty() else {
            throw TerminalError("no terminal: /dev/tty cannot be opened (an interactive command needs one)")
        }
        var modes = termios()
        let hasModes = tcgetattr(fileno(tty), &modes) == 0
        // curses' newterm would also make three windows of the screen's size, which the browser never draws in.
        guard arbor_setup_terminfo(fileno(tty)) != 0 else {
            fclose(tty)
            throw TerminalError("cannot use the terminal type '\(term)' (no terminfo entry)")
        }
        guard let encoder = TerminfoEncoder.make(theme: theme) else {
            arbor_release_terminfo()
            fclose(tty)
            throw TerminalError("the terminal type '\(term)' cannot move the cursor, which the browser needs")
        }
        self.tty = tty
        shellModes = hasModes ? modes : nil
        cells = Self.systemSize(of: fileno(tty)) ?? Self.entrySize()
        self.encoder = encoder
        keyDecoder = TerminalKeyDecoder(extra: Self.terminfoKeys())
        self.inline = height
        reportsMouse = mouse && arbor_tigetstr("kmous") != nil
        // Without an alternate screen (TERM=linux, vt100), what was drawn is cleared, or the shell would write over it.
        let leavesScreen = Terminfo.string("rmcup") != nil || height != nil ? "rmcup" : "clear"
        undo = (reportsMouse ? "\u{1B}[?1006l\u{1B}[?1000l" : "") + Self.capabilities("sgr0", "cnorm", leavesScreen)
        outputFD = fileno(tty)
        inputFD = open("/dev/tty", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard inputFD >= 0 else {
            arbor_release_terminfo()
            fclose(tty)
            throw TerminalError("no terminal: /dev/tty cannot be opened to read keys")
        }
        enterProgramScreen()
        if let height { inlineTop = openInlineRegion(height) }
        if hasModes { CrashRestorer.install(fd: outputFD, modes: modes, reset: Array(undo.utf8)) }
    }

    deinit { shutdown() }

    /// Sets the program's modes and enters its screen: the alternate one, the cursor hidden, the mouse reported.
    private func enterProgramScreen() {
        if var modes = shellModes { _ = arbor_program_modes(outputFD, &modes) }
        let mouseOn = reportsMouse ? "\u{1B}[?1000h\u{1B}[?1006h" : ""
        entry = Array((Self.capabilities("smcup", "civis") + mouseOn).utf8)
    }

    /// Leaves the program's screen as curses' endwin does: the cursor to the last row, then ``undo``, then the
    /// shell's modes.
    private func leaveProgramScreen() {
        let lastRow = Terminfo.string("cup").map { Terminfo.expand($0, cells.height - 1, 0) } ?? ""
        send(Array((lastRow + undo).utf8))
        if var modes = shellModes { tcsetattr(outputFD, TCSADRAIN, &modes) }
    }

    /// The terminfo strings named, one after the other (those the entry lacks left out).
    private static func capabilities(_ names: String...) -> String {
        names.compactMap(Terminfo.string).joinedText()
    }

    /// The size the system gives the terminal, or nil when it gives none.
    private static func systemSize(of fd: Int32) -> (width: Int, height: Int)? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard arbor_terminal_size(fd, &rows, &columns) != 0 else { return nil }
        return (Int(columns), Int(rows))
    }

    /// The size the terminfo entry gives, or 80 by 24.
    private static func entrySize() -> (width: Int, height: Int) {
        let columns = Int(arbor_tigetnum("cols"))
        let rows = Int(arbor_tigetnum("lines"))
        return (columns > 0 ? columns : 80, rows > 0 ? rows : 24)
    }

    /// The key strings of the terminal's terminfo entry that begin with ESC, with their keys.
    private static func terminfoKeys() -> [KeySequence] {
        let names: [(String, Key)] = [
            ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right), ("kpp", .pageUp), ("knp", .pageDown),
            ("khome", .home), ("kend", .end), ("kdch1", .delete), ("kent", .enter), ("kcbt", .backTab),
            ("kri", .shiftUp), ("kind", .shiftDown), ("kPRV", .shiftPageUp), ("kNXT", .shiftPageDown),
        ]
        return names.compactMap { name, key in Terminfo.string(name).map { KeySequence(Array($0.utf8), key) } }
    }

    /// The terminal's size in cells; with `--height`, the rows of the region.
    package var size: (width: Int, height: Int) {
        let whole = cells
        guard let inline, let inlineTop else { return whole }
        return (whole.width, min(inline.rows(of: whole.height), whole.height - inlineTop))
    }

    /// Leaves the alternate screen entered at start, makes room for the region below the cursor (scrolling the
    /// screen up when the cursor is too low) and returns its first row; nil, for the whole screen, when the
    /// region would take every row or the terminal does not say where its cursor is.
    private func openInlineRegion(_ height: InlineHeight) -> Int? {
        let rows = cells.height
        let wanted = height.rows(of: rows)
        guard wanted < rows else { return nil }
        send(Array((Terminfo.string("rmcup") ?? "").utf8))
        guard let row = cursorRow() else {
            // No answer: the whole screen after all, the alternate one again.
            send(Array((Terminfo.string("smcup") ?? "").utf8))
            return nil
        }
        let top = min(row, rows - wanted)
        // Newlines at the bottom scroll the shell's lines up to make room.
        send(Array(String(repeating: "\n", count: wanted - 1).utf8) + Array("\u{1B}[\(top + 1);1H".utf8))
        return top
    }

    /// The cursor's row from 0, asked of the terminal (`CSI 6n`), or nil when it does not answer in time.
    private func cursorRow() -> Int? {
        send(Array("\u{1B}[6n".utf8))
        var answer: [UInt8] = []
        var ready = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
        while answer.last != UInt8(ascii: "R"), answer.count < 32, poll(&ready, 1, 500) > 0 {
            var byte: UInt8 = 0
            guard read(inputFD, &byte, 1) == 1 else { return nil }
            if byte == 0x1B { answer = [] }
            answer.append(byte)
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard text.hasPrefix("\u{1B}["), text.hasSuffix("R"), let row = Int(text.dropFirst(2).prefix { $0 != ";" }) else { return nil }
        return row - 1
    }

    /// Compares the size the system gives the terminal with the one last taken, and takes the system's.
    package func takeUnreportedResize() -> Bool {
        guard SignalTrap.takeResized(), let now = Self.systemSize(of: outputFD), now != cells else { return false }
        cells = now
        return true
    }

    /// Every key waiting, without blocking: what the terminal has sent is read at once and decoded here (a read
    /// a key, where curses reads a byte at a time); a sequence cut at the end waits `escapeDelay` ms for the rest.
    package func readKeys() -> [Key] {
        var keys: [Key] = []
        while true {
            let count = readBuffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
            if count > 0 {
                keys += keyDecoder.decode(readBuffer[0..<count])
                if count == readBuffer.count { continue }
            } else if count < 0, errno == EINTR {
                continue
            } else if count == 0 || errno != EAGAIN {
                if count < 0, errno == EIO {
                    failure = "cannot read the terminal (input/output error: is Arbor running in the background?)"
                }
                break
            }
            // A sequence cut at the end of what was read waits a moment for its rest.
            var ready = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
            guard keyDecoder.isWaiting, poll(&ready, 1, Self.escapeDelay) > 0 else { break }
        }
        keys += keyDecoder.flush()
        guard !reportsMouse || inlineTop != nil else { return keys }
        // Reports typed with the mouse off are dropped whole; with --height, rows count from the region's top.
        return keys.compactMap { key in
            guard case .mouse(var event) = key else { return key }
            guard reportsMouse else { return nil }
            event.y -= inlineTop ?? 0
            return event.y >= 0 ? .mouse(event) : nil
        }
    }

    /// Writes the cells that changed since the last frame, in one write. The frame kept as shown is brought up to
    /// date row by row when the new one was drawn over it, so that neither is copied whole.
    package func present(_ grid: CellGrid) {
        let bytes = encoder.encode(grid, over: shown, top: inlineTop)
        if shown?.catchUp(with: grid) != true { shown = grid }
        send(bytes)
    }

    /// Sends OSC 52 with the text, and again wrapped for tmux's passthrough inside tmux (the plain one sets
    /// tmux's own buffer when its `set-clipboard` is on).
    package func copy(_ bytes: [UInt8]) {
        send(ClipboardSequence.osc52(bytes, insideTmux: getenv("TMUX").map { $0.pointee != 0 } ?? false))
    }

    private func send(_ bytes: [UInt8]) {
        if !entry.isEmpty {
            let held = entry
            entry = []
            return send(held + bytes)
        }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(outputFD, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR || errno == EAGAIN {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Gives the terminal back before the process stops.
    package func suspend() {
        leaveProgramScreen()
    }

    /// Takes the terminal again; the next frame is drawn whole.
    package func resume() {
        enterProgramScreen()
        if inlineTop != nil { send(Array((Terminfo.string("rmcup") ?? "").utf8)) }
        shown = nil
    }

    /// Gives the terminal back in its normal mode (once).
    package func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        CrashRestorer.uninstall()
        leaveProgramScreen()
        if let inlineTop {
            // The region's rows are given back, the cursor where the prompt was.
            send(Array("\u{1B}[\(inlineTop + 1);1H\u{1B}[J".utf8))
        }
        arbor_release_terminfo()
        fclose(tty)
        close(inputFD)
    }
}
