import ArborCore
import Synchronization

/// A hierarchy the tests can change while the browser shows it, like a live source.
final class MutableSource: HierarchySource {
    struct Entry {
        var title: String
        var children: [String]
        var parent: String?
    }

    let displayName = "test"
    private let state: Mutex<(entries: [String: Entry], root: SourceRoot?)>
    /// Ids whose children requests fail.
    let failing = Mutex<Set<String>>([])
    /// Whether the browser may page long lists of children (through the protocol's own ranges and positions).
    let pagesChildren: Bool

    /// Builds a source from `parent > child` lines: each line `parentID: child1 child2 ...`.
    init(root: String, virtual: Bool = false, _ outline: [(String, [String])], pages: Bool = false) {
        pagesChildren = pages
        var entries: [String: Entry] = [:]
        for (parent, children) in outline {
            entries[parent, default: Entry(title: titleCase(parent), children: [], parent: nil)].children = children
            for child in children {
                entries[child, default: Entry(title: titleCase(child), children: [], parent: nil)].parent = parent
            }
        }
        state = Mutex((entries, SourceRoot(id: root, isVirtual: virtual)))
    }

    /// Replaces the children of an item, creating entries for new ids.
    func setChildren(of parent: String, _ children: [String]) {
        update { entries in
            entries[parent]?.children = children
            for child in children where entries[child] == nil {
                entries[child] = Entry(title: titleCase(child), children: [], parent: parent)
            }
        }
    }

    /// Changes the hierarchy.
    func update(_ change: (inout [String: Entry]) -> Void) {
        state.withLock { change(&$0.entries) }
    }

    func root() async throws -> SourceRoot? { state.withLock { $0.root } }

    func numberOfChildren(of id: String) async throws -> Int? {
        if failing.withLock({ $0.contains(id) }) { throw SourceError("cannot list '\(id)'") }
        return try entry(id).children.count
    }

    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let children = try entry(id).children
        return Array(children[range.clamped(to: 0..<children.count)])
    }

    func parentID(of id: String) async throws -> String? { try entry(id).parent }

    func item(_ id: String) async throws -> SourceItem {
        let entry = try entry(id)
        return SourceItem(id: id, content: ItemContent(title: entry.title), childCount: entry.children.count)
    }

    private func entry(_ id: String) throws -> Entry {
        guard let entry = state.withLock({ $0.entries[id] }) else { throw SourceError("no item '\(id)'") }
        return entry
    }
}

/// Drives a browser state the way the run loop does, but lets the test decide when and in which order loads finish.
struct Driver {
    var state = BrowserState()
    var pending: [BrowserEffect] = []
    let performer: EffectPerformer

    init(_ source: any HierarchySource, columns: Int = 3, itemsPerPage: Int = 5, selectionMode: SelectionMode = .none,
         headStart: SourceHeadStart? = nil) {
        performer = EffectPerformer(source: source, headStart: headStart)
        state = BrowserState(selectionMode: selectionMode)
        _ = state.apply(.setViewport(columns: columns, itemsPerPage: itemsPerPage))
    }

    /// Applies an action and queues the effects it asked for.
    mutating func send(_ action: BrowserAction) {
        pending += state.apply(action)
    }

    /// The action answering an effect, without applying it.
    func answer(_ effect: BrowserEffect) async -> BrowserAction {
        await performer.perform(effect)
    }

    /// Answers every pending effect, first asked first, until nothing is pending.
    mutating func settle() async {
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            send(await performer.perform(effect))
        }
    }

    /// A driver on plants > hamburg > pumps with the focus on p2; `mode` says how items are marked.
    static func onP2(_ source: MutableSource, mode: SelectionMode = .none) async -> Driver {
        var driver = Driver(source, columns: 4, selectionMode: mode)
        driver.send(.start)
        driver.send(.reveal(path: ["plants", "hamburg", "pumps", "p2"]))
        await driver.settle()
        return driver
    }

    /// Titles of the items of a column.
    func titles(_ column: Int) -> [String] {
        state.items(in: column).map { state.store[$0].title }
    }

    /// Id of the focused item of a column.
    func focusedID(_ column: Int) -> String? {
        state.navigation.levels[column].focusedItem.map { state.store[$0].id }
    }

    /// Ids of the parents of every column: the expanded path.
    var columnParents: [String] {
        state.navigation.levels.map { state.store[$0.parent].id }
    }
}

/// A small plant hierarchy: plants > hamburg, berlin; hamburg > pumps, tower; pumps > p1, p2, p3; tower > fan.
let plantOutline: [(String, [String])] = [
    ("world", ["plants", "offices"]),
    ("plants", ["hamburg", "berlin", "munich"]),
    ("hamburg", ["pumps", "tower"]),
    ("pumps", ["p1", "p2", "p3"]),
    ("tower", ["fan"]),
    ("berlin", ["b1"]),
]

/// `hamburg` → `Hamburg`.
func titleCase(_ id: String) -> String {
    id.prefix(1).uppercased() + id.dropFirst()
}
