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

    /// The path a reveal is opening, level by level.
    var revealing: PendingReveal {
        get { navigation.revealing }
        _modify { yield &navigation.revealing }
    }

    /// The find over every item, while it is open.
    package internal(set) var find: FindState? {
        get { finding.open }
        _modify { yield &finding.open }
    }

    /// The texts of an item that finds search.
    package var searchFields: SearchFields {
        get { finding.fields }
        set { finding.fields = newValue }
    }

    /// How far finds walk the source; nil leaves it to the source.
    package var searchBound: SearchBound? {
        get { finding.bound }
        set { finding.bound = newValue }
    }

    /// The generation of the match of a find being opened.
    var openingHit: Int {
        get { finding.openingHit }
        set { finding.openingHit = newValue }
    }

    /// Counts the reloads of the source: a find after one walks it again.
    var searchEpoch: Int {
        get { finding.epoch }
        set { finding.epoch = newValue }
    }
}
