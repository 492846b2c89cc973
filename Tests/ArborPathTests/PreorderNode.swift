import ArborPath
import Synchronization

/// A document held as its objects and arrays in document order, as an index holds them, so that a split walk
/// can cut it at any container: the node a split walk runs on in tests.
final class PreorderDocument: Sendable {
    /// A container: its value, its keys from the top, and the number of the first container after all below it.
    struct Container: Sendable {
        let value: JSONPathValue
        let keys: [PathKey]
        var after: Int
    }

    let containers: [Container]
    /// How many containers walks have been handed by position.
    let handed = Atomic(0)

    init(_ value: JSONPathValue) {
        var containers: [Container] = []
        func add(_ value: JSONPathValue, keys: [PathKey]) {
            guard value.kind == .object || value.kind == .array else { return }
            let number = containers.count
            containers.append(Container(value: value, keys: keys, after: 0))
            _ = value.forEachChild { key, child in
                add(child, keys: keys + [key])
                return true
            }
            containers[number].after = containers.count
        }
        add(value, keys: [])
        self.containers = containers
    }

    /// The top value.
    var root: PreorderNode { PreorderNode(document: self, value: containers.first?.value ?? .null, container: containers.isEmpty ? -1 : 0) }
}

/// A value of a ``PreorderDocument``; only the top one knows its container's number.
struct PreorderNode: PartitionedPathNode {
    enum ChildKey {
        case key(PathKey)
        case way([PathKey])
    }

    let document: PreorderDocument
    let value: JSONPathValue
    let container: Int

    var kind: PathNodeKind { value.kind }
    var count: Int { value.count }

    func member(named name: String) -> PreorderNode? {
        value.member(named: name).map { PreorderNode(document: document, value: $0, container: -1) }
    }

    func element(at index: Int) -> PreorderNode? {
        value.element(at: index).map { PreorderNode(document: document, value: $0, container: -1) }
    }

    func forEachChild(_ body: (PathKey, PreorderNode) -> Bool) -> Bool {
        value.forEachChild { key, child in body(key, PreorderNode(document: document, value: child, container: -1)) }
    }

    func forEachChild(containersOnly: Bool, _ body: (ChildKey, PreorderNode) -> Bool) -> Bool {
        forEachChild { key, child in
            if containersOnly, child.kind != .object, child.kind != .array { return true }
            return body(.key(key), child)
        }
    }

    func pathKey(_ key: ChildKey) -> PathKey {
        switch key {
        case .key(let key): return key
        case .way(let keys): return keys.last!
        }
    }

    func appendPathKeys(_ key: ChildKey, to keys: inout [PathKey]) {
        switch key {
        case .key(let key): keys.append(key)
        case .way(let way): keys.append(contentsOf: way)
        }
    }

    var descendantContainerCount: Int { container < 0 ? 0 : document.containers[container].after - container - 1 }

    func descendantContainer(at position: Int) -> (key: ChildKey, node: PreorderNode) {
        let number = container + 1 + position
        document.handed.add(1, ordering: .relaxed)
        let found = document.containers[number]
        let way = Array(found.keys.dropFirst(document.containers[container].keys.count))
        return (.way(way), PreorderNode(document: document, value: found.value, container: number))
    }

    func descendantSubtreeEnd(at position: Int) -> Int {
        document.containers[container + 1 + position].after - container - 1
    }

    /// The cursor counts the objects and arrays among the children handed on.
    func nextChildContainer(_ cursor: inout Int) -> (key: ChildKey, node: PreorderNode)? {
        var seen = 0
        var found: (key: ChildKey, node: PreorderNode)?
        _ = forEachChild(containersOnly: true) { key, child in
            if seen == cursor { found = (key, child) }
            seen += 1
            return found == nil
        }
        if found != nil { cursor += 1 }
        return found
    }
}
