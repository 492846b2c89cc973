/// The texts of an item that a find or a filter matches: its title, id, subtitle and body.
public struct SearchFields: OptionSet, Sendable, Hashable {
    /// The fields as bits.
    public let rawValue: Int

    /// Creates a set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The item's title.
    public static let title = SearchFields(rawValue: 1)
    /// The item's id.
    public static let id = SearchFields(rawValue: 2)
    /// The item's subtitle.
    public static let subtitle = SearchFields(rawValue: 4)
    /// The item's body.
    public static let body = SearchFields(rawValue: 8)

    /// The names the command line uses, in the order the texts are joined.
    public static let names: [(String, SearchFields)] = [("title", .title), ("id", .id), ("subtitle", .subtitle), ("body", .body)]

    /// Reads a comma-separated list such as `title,id`; nil when a name is unknown or none is given.
    public init?(names list: String) {
        var fields: SearchFields = []
        for name in list.split(separator: ",") {
            guard let field = Self.names.first(where: { $0.0 == String(name.filter { $0 != " " }) }) else { return nil }
            fields.insert(field.1)
        }
        guard !fields.isEmpty else { return nil }
        self = fields
    }

    /// The searched text of an item: its fields joined by a unit separator (0x1F), the title first whether
    /// searched or not, so that the title can be shown from it.
    public func text(of item: SourceItem) -> String {
        text(title: item.content.title, id: item.id, subtitle: item.content.subtitle, body: item.content.body)
    }

    /// The searched text of an item given by its parts (those not searched may be left empty), each part's
    /// first MiB (``LongText``).
    public func text(title: String, id: String, subtitle: String = "", body: String = "") -> String {
        let (title, subtitle, body) = (LongText.prefix(title), LongText.prefix(subtitle), LongText.prefix(body))
        var text = title
        if text.withUTF8({ $0.contains(0x1F) }) {
            text = String(text.map { $0 == "\u{1F}" ? " " : $0 })
        }
        if contains(.id) { text += "\u{1F}" + id }
        if contains(.subtitle) { text += "\u{1F}" + subtitle }
        if contains(.body) { text += "\u{1F}" + body }
        return text
    }

    /// What a find records of whole items, for sources whose items cost no more than their texts.
    public func entries(of items: [SourceItem]) -> [SearchEntry] {
        items.map { SearchEntry(id: $0.id, text: text(of: $0), childCount: $0.childCount) }
    }
}

/// What a find records of one item: its searched text, its child count and its id.
public struct SearchEntry: Sendable, Hashable {
    /// The id; may be empty when the item has no children (it is only needed to list them).
    public var id: String
    /// The searched text (see ``SearchFields/text(of:)``).
    public var text: String
    /// The number of children, or nil when not known.
    public var childCount: Int?

    /// Creates an entry.
    public init(id: String, text: String, childCount: Int?) {
        self.id = id
        self.text = text
        self.childCount = childCount
    }
}
