import ArborCore

/// A run of text in one style, as the preview pane draws it.
package struct StyledRun: Sendable, Hashable {
    /// The text; controls in it are drawn inert.
    package var text: String
    /// Its style.
    package var style: CellStyle

    /// Creates a run.
    package init(_ text: String, _ style: CellStyle) {
        self.text = text
        self.style = style
    }
}

/// One line of the preview pane.
package struct StyledLine: Sendable, Hashable {
    /// The runs, left to right.
    package var runs: [StyledRun] = []

    /// Creates a line.
    package init(_ runs: [StyledRun] = []) {
        self.runs = runs
    }

    /// The line's text.
    package var text: String { runs.map(\.text).joined() }

    /// The line of a source's preview, each tone in its role.
    package init(_ line: PreviewLine) {
        runs = line.runs.map { StyledRun($0.text, CellStyle(Self.role(of: $0.tone))) }
    }

    private static func role(of tone: PreviewTone) -> StyleRole {
        switch tone {
        case .plain: return .plain
        case .heading: return .title
        case .key: return .subtitle
        case .string: return .string
        case .number: return .number
        case .literal: return .literal
        case .dim: return .dim
        case .error: return .error
        }
    }

    /// The line cut into rows of at most `width` cells, tabs already expanded; an empty line is one empty row.
    /// With a `limit`, the first `limit` rows only, the rest of a long line not read.
    package func rows(width: Int, limit: Int = .max) -> [StyledLine] {
        guard width > 0 else { return [self] }
        var rows: [StyledLine] = []
        var current = StyledLine()
        var used = 0
        for run in runs {
            var piece = ""
            for character in run.text {
                let cells = CellGrid.drawnWidth(of: String(character))
                if used + cells > width, used > 0 {
                    if !piece.isEmpty { current.runs.append(StyledRun(piece, run.style)) }
                    rows.append(current)
                    if rows.count >= limit { return rows }
                    current = StyledLine()
                    piece = ""
                    used = 0
                }
                piece.append(character)
                used += cells
            }
            if !piece.isEmpty { current.runs.append(StyledRun(piece, run.style)) }
        }
        rows.append(current)
        return rows
    }

    /// The line with tabs turned into spaces up to the next stop of every eight cells.
    package func expandingTabs() -> StyledLine {
        guard runs.contains(where: { $0.text.contains("\t") }) else { return self }
        var result = StyledLine()
        var column = 0
        for run in runs {
            var text = ""
            for character in run.text {
                if character == "\t" {
                    let spaces = 8 - column % 8
                    text += String(repeating: " ", count: spaces)
                    column += spaces
                } else {
                    text.append(character)
                    column += CellGrid.drawnWidth(of: String(character))
                }
            }
            result.runs.append(StyledRun(text, run.style))
        }
        return result
    }
}
