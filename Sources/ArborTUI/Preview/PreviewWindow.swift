/// Where the preview pane goes and how it shows text: fzf's `--preview-window` spelling for what Arbor shares,
/// `right:50%`, `down:40%`, `hidden`, `wrap`, joined by commas (`down:40%,wrap`).
public struct PreviewWindow: Sendable, Hashable {
    /// The side of the hierarchy the pane is on.
    public enum Side: String, Sendable, Hashable {
        /// Beside the columns, on the right.
        case right
        /// Below the columns.
        case down
    }

    /// The side, or nil to choose by the terminal's shape: right when wide enough, below otherwise.
    public var side: Side?
    /// The share of the terminal's width (right) or height (down) it takes, in percent.
    public var percent: Int
    /// Whether it starts hidden.
    public var hidden: Bool
    /// Whether long lines wrap instead of being cut.
    public var wrap: Bool

    /// The default: the side chosen by the terminal's shape, half the width or 40% of the height.
    public init(side: Side? = nil, percent: Int = 50, hidden: Bool = false, wrap: Bool = false) {
        self.side = side
        self.percent = percent
        self.hidden = hidden
        self.wrap = wrap
    }

    /// Parses fzf's spelling; nil with the part it does not understand in `error`.
    public init(parsing text: String, over base: PreviewWindow = PreviewWindow()) throws(PreviewWindowError) {
        self = base
        for part in text.split(separator: ",").map({ String($0.filter { $0 != " " }) }) {
            let words = part.split(separator: ":", maxSplits: 1).map(String.init)
            switch words[0] {
            case "right", "down", "bottom":
                side = words[0] == "right" ? .right : .down
                if words[0] != "right" { percent = base.side == .down ? base.percent : 40 }
                if words.count == 2 { percent = try Self.percent(words[1], in: text) }
            case "hidden": hidden = true
            case "nohidden": hidden = false
            case "wrap": wrap = true
            case "nowrap": wrap = false
            default:
                if let value = try? Self.percent(part, in: text) {
                    percent = value
                } else {
                    throw PreviewWindowError("'\(part)' in '\(text)' (right[:N%], down[:N%], hidden, wrap)")
                }
            }
        }
    }

    private static func percent(_ word: String, in text: String) throws(PreviewWindowError) -> Int {
        guard word.hasSuffix("%"), let value = Int(word.dropLast()), (10...90).contains(value) else {
            throw PreviewWindowError("'\(word)' in '\(text)' is not a size from 10% to 90%")
        }
        return value
    }

    /// The side in a terminal of this size: as asked, or right when at least 100 cells wide.
    package func side(width: Int) -> Side {
        side ?? (width >= 100 ? .right : .down)
    }
}

/// A `--preview-window` value Arbor does not understand.
public struct PreviewWindowError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
