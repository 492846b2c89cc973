/// A named raw field of an item, in the order the source gave it.
public struct ItemField: Sendable, Hashable {
    /// The field's name as the source spells it.
    public var name: String
    /// The field's value rendered as text.
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What an item shows: the texts of its object cell and header, and its raw fields.
public struct ItemContent: Sendable, Hashable {
    /// The first, bold line of the cell.
    public var title: String
    /// The second line of the cell (a type or kind).
    public var subtitle: String
    /// The third line of the cell (a location or short description).
    public var body: String
    /// A small note shown under the body in the object header.
    public var footnote: String
    /// A longer description shown in the object header.
    public var description: String
    /// Short labels such as `Started` or `PM01`.
    public var tags: [String]
    /// A status shown aligned right in the object header.
    public var status: String
    /// A secondary status under the status.
    public var substatus: String
    /// Every field of the item, in source order.
    public var fields: [ItemField]
    /// A symbol drawn before the title (one or two cells, such as `●` or `⚠`), or empty.
    public var icon: String
    /// For a document's scalar member, its value, shown as `key: value` on one line.
    public var scalar: ScalarValue?
    /// While a query's answer is shown, the matches at and under the item: the hierarchy icon counts them.
    public var matchCount: Int?
    /// While a difference is shown, how the item changed: its symbol and colour.
    public var change: ChangeStatus?
    /// While a difference is shown, the changes at and under the item: the hierarchy icon counts them.
    public var changeCounts: ChangeCounts?
    /// For a scalar member changed in place, its value before: shown as `key: old → new`.
    public var previousScalar: ScalarValue?
    /// The id of the item this one stands for (a YAML alias's anchor), which opening it goes to.
    public var link: String?

    /// Creates content; every part but the title may be empty.
    public init(
        title: String,
        subtitle: String = "",
        body: String = "",
        footnote: String = "",
        description: String = "",
        tags: [String] = [],
        status: String = "",
        substatus: String = "",
        fields: [ItemField] = [],
        icon: String = "",
        scalar: ScalarValue? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.footnote = footnote
        self.description = description
        self.tags = tags
        self.status = status
        self.substatus = substatus
        self.fields = fields
        self.icon = icon
        self.scalar = scalar
    }

    /// Whether a document's container is an array: its subtitle says so, alone or before ` · ` and YAML's notes.
    public var isArray: Bool { subtitle == "array" || subtitle.hasPrefix("array · ") }

    /// Whether the item has anything to show below its title in a three-line cell.
    public var hasDetailLines: Bool { !subtitle.isEmpty || !body.isEmpty }

    /// A field's value: the named field, or the title, subtitle, body or status; nil for another name.
    public func value(of field: String) -> String? {
        if let value = fields.first(where: { $0.name == field })?.value { return value }
        switch field {
        case "title": return title
        case "subtitle": return subtitle
        case "body": return body
        case "status": return status
        default: return nil
        }
    }
}
