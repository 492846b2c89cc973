/// The elements of an XML document found in one pass, in document order (element 0 the root): where each
/// one's content starts (just past its start tag), its name, its number of child elements, where its subtree
/// ends, its attributes and whether it holds text: 20 bytes an element. Attributes, text and an element's place
/// among its siblings of the same name are not kept: they are found again when an element is shown.
struct XMLIndex: Sendable {
    /// Offset just past each element's start tag (`>` or `/>`).
    private(set) var contentStart: ByteOffsets
    /// Each element's qualified name, as a number of ``names``.
    private(set) var name: [Int32] = []
    /// Each element's number of child elements.
    private(set) var childCount: [Int32] = []
    /// The element just past each one's last descendant.
    private(set) var subtreeEnd: [Int32] = []
    /// Each element's number of attributes (namespace declarations included) times two, plus one with text.
    private(set) var details: [UInt32] = []
    /// The qualified names, each once.
    private(set) var names: [String] = []
    private var nameNumbers: [String: Int32] = [:]
    /// The document's internal general entities and their replacement text.
    var entities: [String: String] = [:]

    /// An empty index of an input of `inputSize` bytes, with room for an element every 32 bytes: pages never
    /// written cost no memory, while an array that outgrows its room holds its old and new storage at once.
    init(inputSize: Int) {
        contentStart = ByteOffsets(inputSize: inputSize)
        reserve(forSize: inputSize)
    }

    /// Makes room for the elements of `inputSize` bytes: storage shared with a version shown is copied now,
    /// with the room, rather than at its size and then grown by doubling.
    mutating func reserve(forSize inputSize: Int) {
        let room = inputSize / 32
        contentStart.reserve(room)
        name.reserveCapacity(room)
        childCount.reserveCapacity(room)
        subtreeEnd.reserveCapacity(room)
        details.reserveCapacity(room)
    }

    /// The number of elements.
    var count: Int { name.count }

    /// The number of an element's attributes.
    func attributeCount(_ element: Int32) -> Int { Int(details[Int(element)] >> 1) }

    /// Whether an element holds text of its own (not only space).
    func hasText(_ element: Int32) -> Bool { details[Int(element)] & 1 == 1 }

    /// An element's qualified name.
    func nameText(_ element: Int32) -> String { names[Int(name[Int(element)])] }

    /// The number of a name, if an element has it.
    func existingNumber(ofName text: Substring) -> Int32? { nameNumbers[String(text)] }

    /// The number of a name, added when new.
    mutating func number(ofName text: String) -> Int32 {
        if let known = nameNumbers[text] { return known }
        let number = Int32(names.count)
        names.append(text)
        nameNumbers[text] = number
        return number
    }

    /// Adds an element; its subtree is closed by ``close(_:)``.
    mutating func add(contentStart offset: Int, name: Int32, attributes: Int) -> Int32 {
        contentStart.append(offset)
        self.name.append(name)
        childCount.append(0)
        subtreeEnd.append(0)
        details.append(UInt32(min(attributes, Int(UInt32.max >> 1))) << 1)
        return Int32(self.name.count - 1)
    }

    /// Counts a child element of `parent`.
    mutating func addChild(to parent: Int32) {
        childCount[Int(parent)] += 1
    }

    /// Marks an element as holding text.
    mutating func markText(_ element: Int32) {
        details[Int(element)] |= 1
    }

    /// Ends an element's subtree at the elements added so far.
    mutating func close(_ element: Int32) {
        subtreeEnd[Int(element)] = Int32(name.count)
    }

    /// The element after `child` among its siblings (the caller knows there is one).
    func nextSibling(of child: Int32) -> Int32 { subtreeEnd[Int(child)] }
}
