/// What a piece of text is on screen; a theme turns roles into colours and attributes.
public enum StyleRole: UInt8, Sendable, CaseIterable {
    case plain
    case title
    case subtitle
    case body
    case icon
    case selectedIcon
    case focusBar
    case border
    case columnTitle
    case header
    case footer
    case breadcrumb
    case separator
    case dim
    case error
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
}

/// The style of one grid cell: its role, and whether it belongs to the focused item of the focused column.
public struct CellStyle: Sendable, Hashable {
    /// What the text is.
    public var role: StyleRole
    /// Whether the cell is part of the focused item's highlight.
    public var highlighted: Bool

    /// Creates a style.
    public init(_ role: StyleRole, highlighted: Bool = false) {
        self.role = role
        self.highlighted = highlighted
    }

    /// The plain, unhighlighted style.
    public static let plain = CellStyle(.plain)

    /// Every style, in the order of `index`.
    public static let all: [CellStyle] = [false, true].flatMap { highlighted in
        StyleRole.allCases.map { CellStyle($0, highlighted: highlighted) }
    }

    /// The position of the style in `all`.
    public var index: Int { Int(role.rawValue) + (highlighted ? StyleRole.allCases.count : 0) }
}

extension StyleRole {
    /// The role's name in theme files: `selected-icon` for `selectedIcon`.
    public var name: String {
        var result = ""
        for character in String(describing: self) {
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
        return result
    }

    /// The role with a theme-file name.
    public init?(name: String) {
        guard let role = StyleRole.allCases.first(where: { $0.name == name }) else { return nil }
        self = role
    }
}
