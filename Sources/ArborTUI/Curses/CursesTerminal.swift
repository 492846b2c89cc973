import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal through ncursesw on `/dev/tty`, so that stdin and stdout stay free for pipes.
public final class CursesTerminal: TerminalDevice {
    private let tty: UnsafeMutablePointer<FILE>
    private let screen: OpaquePointer
    private let palette: CursesPalette
    private var shown: CellGrid?
    private var isShutDown = false
    public private(set) var failure: String?
    public let inputFD: Int32

    /// Opens `/dev/tty` and enters curses mode drawing with `theme`; throws when there is no usable terminal.
    public init(theme: Theme = .standard, mouse: Bool = true) throws(TerminalError) {
        setlocale(LC_ALL, "")
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        if term.isEmpty || term == "dumb" {
            throw TerminalError("the terminal type '\(term.isEmpty ? "(unset)" : term)' cannot draw the browser; set TERM (for example TERM=xterm-256color)")
        }
        guard let tty = arbor_open_tty() else {
            throw TerminalError("no terminal: /dev/tty cannot be opened (an interactive command needs one)")
        }
        guard let screen = newterm(nil, tty, tty) else {
            fclose(tty)
            throw TerminalError("cannot use the terminal type '\(term)' (no terminfo entry)")
        }
        self.tty = tty
        self.screen = screen
        inputFD = fileno(tty)
        set_term(screen)
        cbreak()
        noecho()
        nonl()
        intrflush(arbor_stdscr(), false)
        keypad(arbor_stdscr(), true)
        nodelay(arbor_stdscr(), true)
        set_escdelay(25)
        typeahead(-1)
        curs_set(0)
        palette = CursesPalette(theme: theme)
        if mouse { arbor_enable_mouse(1) }
        // ncurses flushes after every cursor movement until its first return from endwin; one round trip here
        // lets each frame leave in a single write.
        endwin()
        doupdate()
    }

    deinit { shutdown() }

    public var size: (width: Int, height: Int) {
        (Int(getmaxx(arbor_stdscr())), Int(getmaxy(arbor_stdscr())))
    }

    public func readKeys() -> [Key] {
        var keys: [Key] = []
        var value: wint_t = 0
        errno = 0
        while true {
            let status = wget_wch(arbor_stdscr(), &value)
            if status == arbor_key_code_yes() {
                if let key = CursesKeyDecoder.functionKey(Int32(value)) { keys.append(key) }
            } else if status == OK {
                if let key = CursesKeyDecoder.character(UInt32(value)) { keys.append(key) }
            } else {
                if errno == EIO {
                    failure = "cannot read the terminal (input/output error: is Arbor running in the background?)"
                }
                return keys
            }
        }
    }

    public func present(_ grid: CellGrid) {
        let window = arbor_stdscr()
        let reuse = shown.map { $0.width == grid.width && $0.height == grid.height } ?? false
        if !reuse { werase(window) }
        var text = [wchar_t](repeating: 0, count: 6)
        for row in 0..<min(grid.height, Int(getmaxy(window))) {
            if reuse, let shown, grid.rowMatches(shown, row: row) { continue }
            for column in 0..<min(grid.width, Int(getmaxx(window))) {
                let cell = grid.packed(x: column, y: row)
                guard cell.width > 0 else { continue }
                let (attributes, pair) = palette.attributes(for: cell.style)
                if cell.isCluster {
                    let scalars = grid.scalars(of: cell).prefix(5)
                    for (offset, scalar) in scalars.enumerated() { text[offset] = wchar_t(bitPattern: scalar) }
                    text[scalars.count] = 0
                } else {
                    text[0] = wchar_t(bitPattern: cell.code)
                    text[1] = 0
                }
                _ = arbor_put_cell(window, Int32(row), Int32(column), text, attributes, pair)
            }
        }
        shown = grid
        wnoutrefresh(window)
        doupdate()
    }

    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        endwin()
        delscreen(screen)
        fclose(tty)
    }
}
