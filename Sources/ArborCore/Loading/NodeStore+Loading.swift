extension NodeStore {
    /// A store holding everything a source has, walked breadth first from its root (no recursion).
    ///
    /// - Complexity: one children request per item; use it for sources that are not huge or lazy.
    package static func loaded(from source: any HierarchySource) async throws -> NodeStore {
        var store = NodeStore()
        guard let root = try await source.root() else { return store }
        let rootHandle = store.intern(root.id)
        if !root.isVirtual {
            _ = store.record(try await source.item(root.id), parent: NodeStore.top)
        }
        store.setChildren([rootHandle], of: NodeStore.top)
        store[rootHandle].parent = NodeStore.top
        var queue = [rootHandle]
        var index = 0
        while index < queue.count {
            let parent = queue[index]
            index += 1
            guard store[parent].children == nil else { continue }
            let children = try await source.children(of: store[parent].id).map { store.record($0, parent: parent) }
            store.setChildren(ChildList(children), of: parent)
            store[parent].childLoad = .loaded
            queue += children
        }
        if root.isVirtual {
            let topLevel = store.children(of: rootHandle)
            store.setChildren(topLevel, of: NodeStore.top)
            for item in topLevel { store[item].parent = NodeStore.top }
        }
        return store
    }

    /// A field's value for an item: its content's named field, or the title, subtitle, body, status or id.
    package func value(of field: String, for item: NodeHandle) -> String? {
        let node = self[item]
        if let value = node.content?.value(of: field) { return value }
        return field == "id" ? node.id : nil
    }
}
