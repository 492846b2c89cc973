/// The names the rest of the code reads the state's parts by.
extension BrowserState {
    /// The root of what is shown (it moves up when the parent of the root is asked for).
    package internal(set) var root: NodeHandle? {
        get { navigation.root }
        set { navigation.root = newValue }
    }

    /// Whether the root is virtual: not shown, its children forming the first column.
    package internal(set) var rootIsVirtual: Bool {
        get { navigation.rootIsVirtual }
        set { navigation.rootIsVirtual = newValue }
    }

    /// The state of the request for the root.
    package internal(set) var rootLoad: LoadState {
        get { loads.root }
        set { loads.root = newValue }
    }

    /// How many columns fit on screen.
    package internal(set) var visibleColumns: Int {
        get { navigation.visibleColumns }
        set { navigation.visibleColumns = newValue }
    }

    /// How many items of a column fit on screen.
    package internal(set) var itemsPerPage: Int {
        get { navigation.itemsPerPage }
        set { navigation.itemsPerPage = newValue }
    }

    /// The find over every item, while it is open.
    package internal(set) var find: FindState? {
        get { finding.open }
        _modify { yield &finding.open }
    }
}
