/// The items the focus moves among, in order, read where they are (a level's list, the outline's rows)
/// rather than copied, and the focus's place among them.
struct FocusList {
    private enum Storage {
        case children(ChildList)
        case rows([OutlineRow])
    }

    private let storage: Storage
    /// The focus's place among the items.
    let focus: Int

    /// The items of a level.
    init(_ children: ChildList, focus: Int) {
        storage = .children(children)
        self.focus = focus
    }

    /// The items of the outline's rows.
    init(rows: [OutlineRow], focus: Int) {
        storage = .rows(rows)
        self.focus = focus
    }

    /// How many items there are.
    var count: Int {
        switch storage {
        case .children(let children): children.count
        case .rows(let rows): rows.count
        }
    }

    /// The item at a place.
    subscript(position: Int) -> NodeHandle {
        switch storage {
        case .children(let children): children[position]
        case .rows(let rows): rows[position].item
        }
    }
}
