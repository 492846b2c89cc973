/// Styles drawn with ANSI SGR sequences: a change of style sends only what differs from the style in effect
/// (or the whole selection, when that is shorter), and a run of blanks may be erased (ECH) instead of written
/// where an erased cell looks the same.
struct SGRStyles: Sendable {
    private let looks: [RoleLook]
    private let selections: [[UInt8]]
    private let look: @Sendable (CellStyle) -> RoleLook
    /// For each style at `CellStyle.index`, whether an erased cell looks like its blank.
    private let erasable: [Bool]
    private let erasing: BlankErasing

    /// Styles with the look of each, on a terminal that erases blanks as `erasing` says.
    init(look: @escaping @Sendable (CellStyle) -> RoleLook, erasing: BlankErasing) {
        looks = CellStyle.all.map(look)
        selections = looks.map(ANSISequence.select)
        self.look = look
        self.erasing = erasing
        erasable = looks.map { erasing.leavesUnchanged($0) }
    }

    /// The look of a style.
    func look(of style: CellStyle) -> RoleLook {
        style.ink == 0 ? looks[style.index] : look(style)
    }

    /// Appends what turns the terminal from drawing `current` (unknown when nil) to drawing `next`.
    func appendChange(from current: CellStyle?, to next: CellStyle, into out: inout [UInt8]) {
        let whole = next.ink == 0 ? selections[next.index] : ANSISequence.select(look(next))
        guard let current else { return out += whole }
        let start = out.count
        ANSISequence.appendChange(from: look(of: current), to: look(of: next), into: &out)
        if out.count - start > whole.count {
            out.removeSubrange(start...)
            out += whole
        }
    }

    /// Whether a blank of a style may be erased instead of written.
    func erases(_ style: CellStyle) -> Bool {
        style.ink == 0 ? erasable[style.index] : erasing.leavesUnchanged(look(style))
    }
}

/// Whether and where a terminal erases characters with `ESC [ n X`.
package enum BlankErasing: Sendable {
    /// Blanks are always written.
    case never
    /// Erased cells take the terminal's own background.
    case onDefaultBackground
    /// Erased cells take the background in effect (`bce`).
    case onAnyBackground

    /// Whether an erased cell looks like a blank of `look`: its background without underline or reverse.
    func leavesUnchanged(_ look: RoleLook) -> Bool {
        guard !look.underline, !look.reverse else { return false }
        switch self {
        case .never: return false
        case .onDefaultBackground: return look.background == .terminalDefault
        case .onAnyBackground: return true
        }
    }
}
