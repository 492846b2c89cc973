/// The children of a node: every handle of a list read whole, or of a list shown a page at a time only the
/// pages that arrived, the others reading as ``NodeStore/placeholder`` without being held.
package struct ChildList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Sendable {
    // One reference either way, so that every node of the store pays 8 bytes for its list.
    private enum Storage: Sendable {
        case whole([NodeHandle])
        case paged(PagedHandles)
    }

    private var storage: Storage

    /// An empty list.
    package init() { storage = .whole([]) }

    /// A list of these handles.
    package init(_ handles: [NodeHandle]) { storage = .whole(handles) }

    /// A list `count` long of which only `first` are known; the rest are placeholders, held by no memory.
    init(first: [NodeHandle], count: Int) {
        guard count > first.count else {
            storage = .whole(Array(first.prefix(count)))
            return
        }
        storage = .paged(PagedHandles(count: count))
        for (index, handle) in first.enumerated() { self[index] = handle }
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .whole(let handles): handles.count
        case .paged(let paged): paged.count
        }
    }

    /// The handle at `position`: a placeholder where its page has not arrived.
    package subscript(position: Int) -> NodeHandle {
        get {
            switch storage {
            case .whole(let handles):
                return handles[position]
            case .paged(let paged):
                precondition(position >= 0 && position < paged.count)
                let page = position / ChildPaging.pageSize
                return paged.pages[page]?[position - page * ChildPaging.pageSize] ?? NodeStore.placeholder
            }
        }
        set {
            switch storage {
            case .whole(var handles):
                storage = .whole([])
                handles[position] = newValue
                storage = .whole(handles)
            case .paged(var paged):
                precondition(position >= 0 && position < paged.count)
                storage = .whole([])
                if !isKnownUniquelyReferenced(&paged) { paged = PagedHandles(count: paged.count, pages: paged.pages) }
                let page = position / ChildPaging.pageSize
                paged.pages[page, default: Self.emptyPage][position - page * ChildPaging.pageSize] = newValue
                storage = .paged(paged)
            }
        }
    }

    /// Whether only the arrived pages are held (a list shown a page at a time).
    package var isPaged: Bool {
        if case .paged = storage { return true }
        return false
    }

    /// The number of handles held in memory: the whole list, or the pages that arrived.
    package var heldCount: Int {
        switch storage {
        case .whole(let handles): handles.count
        case .paged(let paged): paged.pages.count * ChildPaging.pageSize
        }
    }

    /// The handles of items the list holds, in order, placeholders left out: a paged list's from the pages that
    /// arrived only.
    package var arrivedHandles: [NodeHandle] {
        switch storage {
        case .whole(let handles):
            return handles.filter { $0 != NodeStore.placeholder }
        case .paged(let paged):
            return paged.pages.sorted { $0.key < $1.key }.flatMap { page, handles in
                handles.prefix(paged.count - page * ChildPaging.pageSize).filter { $0 != NodeStore.placeholder }
            }
        }
    }

    /// The numbers of the pages that arrived, in no order: none for a list read whole.
    package var arrivedPages: [Int] {
        if case .paged(let paged) = storage { return Array(paged.pages.keys) }
        return []
    }

    /// The handles of an arrived page, placeholders among them; empty for a page that is not held.
    package func handles(ofPage page: Int) -> ArraySlice<NodeHandle> {
        guard case .paged(let paged) = storage else { return [] }
        return (paged.pages[page] ?? []).prefix(Swift.max(0, paged.count - page * ChildPaging.pageSize))
    }

    /// Lets a page of a paged list go: its positions read as placeholders again, until it is read anew.
    package mutating func dropPage(_ page: Int) {
        guard case .paged(var paged) = storage else { return }
        storage = .whole([])
        if !isKnownUniquelyReferenced(&paged) { paged = PagedHandles(count: paged.count, pages: paged.pages) }
        paged.pages.removeValue(forKey: page)
        storage = .paged(paged)
    }

    /// The same list `count` long: its first page kept, every other position a placeholder.
    func resized(to count: Int) -> ChildList {
        ChildList(first: Array(prefix(Swift.min(count, ChildPaging.pageSize))), count: count)
    }

    /// The position of `handle`, looking only through the pages that arrived when the list is paged.
    package func firstIndex(of handle: NodeHandle) -> Int? {
        switch storage {
        case .whole(let handles):
            return handles.firstIndex(of: handle)
        case .paged(let paged):
            let missing = handle == NodeStore.placeholder
            var page = 0
            while page * ChildPaging.pageSize < paged.count {
                let start = page * ChildPaging.pageSize
                page += 1
                guard let held = paged.pages[page - 1] else {
                    if missing { return start }
                    continue
                }
                if let offset = held.firstIndex(of: handle), start + offset < paged.count { return start + offset }
            }
            return nil
        }
    }

    /// Whether `handle` is in the list, looking only through the pages that arrived when the list is paged.
    package func contains(_ handle: NodeHandle) -> Bool { firstIndex(of: handle) != nil }

    /// Replacing a range makes a paged list whole: changes in place come from the source's change reports.
    package mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with handles: C) where C.Element == NodeHandle {
        var whole: [NodeHandle]
        switch storage {
        case .whole(let handles): whole = handles
        case .paged: whole = Array(self)
        }
        storage = .whole([])
        whole.replaceSubrange(range, with: handles)
        storage = .whole(whole)
    }

    private static let emptyPage = [NodeHandle](repeating: NodeStore.placeholder, count: ChildPaging.pageSize)
}

/// The pages of a paged list that arrived, shared between copies of the list until one of them changes (it is
/// written only while one list holds it).
private final class PagedHandles: @unchecked Sendable {
    let count: Int
    var pages: [Int: [NodeHandle]]

    init(count: Int, pages: [Int: [NodeHandle]] = [:]) {
        self.count = count
        self.pages = pages
    }
}

extension ChildList: ExpressibleByArrayLiteral {
    /// A list of these handles.
    package init(arrayLiteral handles: NodeHandle...) { self.init(handles) }
}

extension ChildList: Equatable {
    /// Lists are equal when they list the same handles, however they are held.
    package static func == (lhs: ChildList, rhs: ChildList) -> Bool { lhs.elementsEqual(rhs) }
}

extension ChildList: CustomStringConvertible {
    /// The handles, as an array prints them.
    package var description: String { Array(self).description }
}
