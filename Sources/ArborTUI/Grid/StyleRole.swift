import ArborCore

/// What a piece of text is on screen; a theme turns roles into colours and attributes.
public enum StyleRole: UInt8, Sendable, CaseIterable {
    /// Text with no role of its own.
    case plain
    /// The title of a cell, bold.
    case title
    /// The second line of a cell.
    case subtitle
    /// The third line of a cell.
    case body
    /// The hierarchy icon and the select-state symbol.
    case icon
    /// The icon of an expanded item, or a marked one.
    case selectedIcon
    /// The bar at the left of the focused cell.
    case focusBar
    /// Column boxes and lines.
    case border
    /// The title in a column's box.
    case columnTitle
    /// The header line at the top.
    case header
    /// The footer line at the bottom.
    case footer
    /// The breadcrumb of the compact layout.
    case breadcrumb
    /// The line between two cells.
    case separator
    /// Secondary text: hints, loading, counts.
    case dim
    /// A failure shown in a column or the footer.
    case error
    /// A key in the help overlay.
    case helpKey
    /// Indentation guides of the outline.
    case guide
    /// The part of a title that matches the search.
    case match
    /// The line being typed (filter, find).
    case prompt
    /// A tag of the object header.
    case tag
    /// The status of the object header.
    case status
    /// The substatus of the object header.
    case substatus
    /// A document's string value.
    case string
    /// A document's number.
    case number
    /// A document's `true`, `false` or `null`.
    case literal
    /// An item added, in a difference.
    case added
    /// An item removed, in a difference.
    case removed
    /// An item changed, in a difference.
    case changed

    /// The role that styles the symbol of an item's change in a difference.
    package static func change(_ status: ChangeStatus?) -> StyleRole {
        switch status {
        case .added: return .added
        case .removed: return .removed
        case .changed: return .changed
        case .unchanged, nil: return .icon
        }
    }

    /// The role that styles a document's value of this kind.
    package static func value(_ kind: ScalarValue.Kind) -> StyleRole {
        switch kind {
        case .string: return .string
        case .number: return .number
        case .boolean, .null, .alias: return .literal
        }
    }
}

/// The style of one grid cell: its role, and whether it belongs to the focused item of the focused column; or
/// colours and attributes a command printed (an ``ANSIInk``), kept in the preview pane.
package struct CellStyle: Sendable, Hashable {
    /// A command's own colours and attributes; 0 when the role decides.
    package var ink: UInt32
    /// What the text is.
    package var role: StyleRole
    /// Whether the cell is part of the focused item's highlight.
    package var highlighted: Bool

    /// Creates a style.
    package init(_ role: StyleRole, highlighted: Bool = false) {
        ink = 0
        self.role = role
        self.highlighted = highlighted
    }

    /// A style of a command's own colours and attributes.
    package init(ink: ANSIInk) {
        self.ink = ink.packed
        role = .plain
        highlighted = false
    }

    /// The plain, unhighlighted style.
    package static let plain = CellStyle(.plain)

    /// Every style of a role, in the order of `index`.
    package static let all: [CellStyle] = [false, true].flatMap { highlighted in
        StyleRole.allCases.map { CellStyle($0, highlighted: highlighted) }
    }

    /// The position of the style in `all` (a style with ink is not there).
    package var index: Int { Int(role.rawValue) + (highlighted ? StyleRole.allCases.count : 0) }
}

extension StyleRole {
    /// The role's name in theme files: `selected-icon` for `selectedIcon`.
    package var name: String {
        var result = ""
        for character in String(describing: self) {
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
        return result
    }

    /// The role with a theme-file name.
    package init?(name: String) {
        guard let role = StyleRole.allCases.first(where: { $0.name == name }) else { return nil }
        self = role
    }
}
