import ArborCore
import Synchronization

/// An XML document read from its index: elements as items (titled by an id or name attribute or their text,
/// the element's name below), each holding its attributes (`@name`), its text (`#text`) and its child
/// elements; attributes and text are read from the bytes only when an element is shown.
package final class LazyXMLDocument: HierarchySource, LocatingItems {
    package let displayName: String
    let bytes: [UInt8]
    let index: XMLIndex
    private let mapping: FieldMapping
    private let rootID: String
    /// Elements found by id lately, so that the pages of a column resolve their parent once.
    private let resolved = Mutex<[String: Int32]>([:])

    /// Indexes `bytes`; errors name `origin`, the line and the column.
    convenience init(bytes: [UInt8], name: String, origin: String, mapping: FieldMapping) throws(SourceLoadError) {
        self.init(bytes: bytes, index: try XMLIndexer.index(bytes, origin: origin), name: name, mapping: mapping)
    }

    /// The document as far as `index` has found its elements (at least the root).
    init(bytes: [UInt8], index: XMLIndex, name: String, mapping: FieldMapping) {
        self.index = index
        self.bytes = bytes
        displayName = name
        // An attribute is named as an id names it (`--title @type`) or plainly (`--title type`).
        var fields = mapping
        for path in [\FieldMapping.title, \.subtitle, \.body] {
            fields[keyPath: path] = fields[keyPath: path].map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
        }
        self.mapping = fields
        rootID = "/" + index.nameText(0)
    }

    private var markup: XMLMarkup { XMLMarkup(bytes: bytes, entities: index.entities) }

    package func root() async throws -> SourceRoot? { SourceRoot(id: rootID, isVirtual: false) }

    package func numberOfChildren(of id: String) async throws -> Int? {
        guard case .element(let element) = try node(at: id) else { return 0 }
        return memberCount(element)
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await children(of: id, in: range).map(\.id)
    }

    package func parentID(of id: String) async throws -> String? {
        _ = try node(at: id)
        guard id != rootID, let slash = id.lastIndex(of: "/") else { return nil }
        return String(id[..<slash])
    }

    package func item(_ id: String) async throws -> SourceItem {
        switch try node(at: id) {
        case .element(let element): return elementItem(element, id: id)
        case .attribute(let element, let position):
            let attribute = markup.attributes(endingAt: index.contentStart[Int(element)])[position]
            return Self.memberItem(id: id, title: "@" + attribute.name, kind: "attribute", value: attribute.value)
        case .text(let element):
            return Self.memberItem(id: id, title: "#text", kind: "text", value: markup.text(from: index.contentStart[Int(element)]))
        }
    }

    package func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id, in: 0..<Int.max)
    }

    package var pagesChildren: Bool { true }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        guard case .element(let element) = try node(at: id) else { return [] }
        let wanted = range.clamped(to: 0..<memberCount(element))
        guard !wanted.isEmpty else { return [] }
        var items: [SourceItem] = []
        let attributes = index.attributeCount(element)
        let texts = index.hasText(element) ? 1 : 0
        if wanted.lowerBound < attributes {
            let all = markup.attributes(endingAt: index.contentStart[Int(element)])
            for position in wanted.lowerBound..<min(wanted.upperBound, attributes, all.count) {
                items.append(Self.memberItem(id: id + "/@" + all[position].name, title: "@" + all[position].name,
                                             kind: "attribute", value: all[position].value))
            }
        }
        if texts == 1, wanted.contains(attributes) {
            items.append(Self.memberItem(id: id + "/text()", title: "#text", kind: "text", value: markup.text(from: index.contentStart[Int(element)])))
        }
        let first = max(0, wanted.lowerBound - attributes - texts)
        let last = wanted.upperBound - attributes - texts
        guard last > first, index.childCount[Int(element)] > 0 else { return items }
        // Each child's place among the siblings of its name: counted from the first child on, jumping subtrees.
        var places = XMLPlaces(names: index.names.count)
        var child = element + 1
        var listed: [(String, Int32)] = []
        for position in 0..<last {
            if position > 0 { child = index.nextSibling(of: child) }
            let place = places.count(index.name[Int(child)])
            guard position >= first else { continue }
            let childID = id + "/" + XMLNodePath.segment(name: index.nameText(child), ordinal: place)
            listed.append((childID, child))
            items.append(elementItem(child, id: childID))
        }
        remember(listed)
        return items
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let slash = childID.lastIndex(of: "/"), childID[..<slash] == parentID,
              case .element(let parent) = try node(at: parentID), let found = try? node(at: childID) else { return nil }
        let leading = index.attributeCount(parent) + (index.hasText(parent) ? 1 : 0)
        switch found {
        case .attribute(_, let position): return position
        case .text: return index.attributeCount(parent)
        case .element(let element):
            guard index.childCount[Int(parent)] > 0 else { return nil }
            var child = parent + 1
            var position = 0
            while child != element {
                child = index.nextSibling(of: child)
                position += 1
            }
            return leading + position
        }
    }

    /// The line where the element's start tag ends (its attribute's or text's element, for a member).
    package func location(of id: String) async throws -> ItemLocation {
        let element: Int32
        switch try node(at: id) {
        case .element(let found), .attribute(let found, _), .text(let found): element = found
        }
        return ItemLocation(line: LineNumber.of(index.contentStart[Int(element)] - 1, in: bytes))
    }

    private func memberCount(_ element: Int32) -> Int {
        index.attributeCount(element) + (index.hasText(element) ? 1 : 0) + Int(index.childCount[Int(element)])
    }

    private func elementItem(_ element: Int32, id: String) -> SourceItem {
        let start = index.contentStart[Int(element)]
        var fields = markup.attributes(endingAt: start).map { ItemField(name: $0.name, value: $0.value) }
        let text = index.hasText(element) ? markup.text(from: start) : ""
        if !text.isEmpty { fields.append(ItemField(name: "#text", value: text)) }
        let name = index.nameText(element)
        let firstLine = String(text.prefix { $0 != "\n" }.prefix(200))
        // Without a naming attribute or text, the first attribute tells siblings of one name apart (`<mime-type
        // type="text/plain">`) better than the name they share.
        let firstAttribute = fields.first { $0.name != "#text" && !$0.value.isEmpty }?.value
        var content = mapping.content(from: fields, fallbackTitle: firstLine.isEmpty ? firstAttribute ?? name : firstLine)
        content.subtitle = name
        if content.body.isEmpty, !text.isEmpty, content.title != firstLine { content.body = firstLine }
        let elements = Int(index.childCount[Int(element)])
        if content.body.isEmpty, elements > 0 { content.body = elements == 1 ? "1 element" : "\(elements) elements" }
        return SourceItem(id: id, content: content, childCount: memberCount(element))
    }

    private static func memberItem(id: String, title: String, kind: String, value: String) -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: title, subtitle: kind, body: value, fields: [ItemField(name: "value", value: value)],
                                                scalar: ScalarValue(.string, value)), childCount: 0)
    }

    private func remember(_ listed: [(String, Int32)]) {
        resolved.withLock { table in
            if table.count + listed.count > 8_192 { table.removeAll() }
            for (id, element) in listed { table[id] = element }
        }
    }

    /// What an id names, followed from the root element (or from an element found by id lately).
    func node(at id: String) throws -> XMLNodePath {
        if let known = resolved.withLock({ $0[id] }) { return .element(known) }
        let missing = SourceError("no item with id '\(id)'")
        guard let slash = id.lastIndex(of: "/") else { throw missing }
        if id == rootID { return .element(0) }
        let parentID = String(id[..<slash])
        let last = id[id.index(after: slash)...]
        guard !parentID.isEmpty, case .element(let parent) = try node(at: parentID) else { throw missing }
        if last == "text()" {
            guard index.hasText(parent) else { throw missing }
            return .text(of: parent)
        }
        if last.hasPrefix("@") {
            let names = markup.attributes(endingAt: index.contentStart[Int(parent)]).map(\.name)
            guard let position = names.firstIndex(where: { $0[...] == last.dropFirst() }) else { throw missing }
            return .attribute(of: parent, position: position)
        }
        guard let (name, ordinal) = XMLNodePath.parse(last), index.childCount[Int(parent)] > 0,
              let number = index.existingNumber(ofName: name) else { throw missing }
        var child = parent + 1
        var seen: Int32 = 0
        for position in 0..<Int(index.childCount[Int(parent)]) {
            if position > 0 { child = index.nextSibling(of: child) }
            guard index.name[Int(child)] == number else { continue }
            seen += 1
            if seen == ordinal {
                remember([(id, child)])
                return .element(child)
            }
        }
        throw missing
    }
}
