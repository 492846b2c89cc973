import ArborPath

/// The objects and arrays of an object tree as a query reads it, numbered in document order: each item, then
/// its list of children when it has one (an item's fields are scalars, its children its last member). Built
/// once, for the first query that walks the tree in parts; read by address, so that threads walking parts at
/// once count no references.
final class JSONTreeContainers: @unchecked Sendable {
    /// Each container's item, times two, plus one for an item's list of children.
    let containers: UnsafeMutableBufferPointer<Int32>
    /// Each item's container number.
    let itemContainer: UnsafeMutableBufferPointer<Int32>
    /// The index's tables, by address: the tree that owns them outlives every walk.
    let parent: UnsafeBufferPointer<Int32>
    let position: UnsafeBufferPointer<Int32>
    let childOffsets: UnsafeBufferPointer<Int32>
    let childList: UnsafeBufferPointer<Int32>

    init(_ index: JSONTreeIndex) {
        // The index's arrays are never changed and live as long as the tree, so their elements stay where they are.
        parent = index.parent.withUnsafeBufferPointer { $0 }
        position = index.position.withUnsafeBufferPointer { $0 }
        childOffsets = index.childOffsets.withUnsafeBufferPointer { $0 }
        childList = index.childList.withUnsafeBufferPointer { $0 }
        let items = index.count
        var lists = 0
        for item in 0..<items where childOffsets[item + 1] > childOffsets[item] { lists += 1 }
        containers = .allocate(capacity: items + lists)
        itemContainer = .allocate(capacity: items)
        var next = 0
        for item in 0..<items {
            itemContainer[item] = Int32(next)
            containers[next] = Int32(item) * 2
            next += 1
            if childOffsets[item + 1] > childOffsets[item] {
                containers[next] = Int32(item) * 2 + 1
                next += 1
            }
        }
    }

    deinit {
        containers.deallocate()
        itemContainer.deallocate()
    }

    /// The number of containers.
    var count: Int { containers.count }

    /// The number of an item's children.
    func childCount(of item: Int32) -> Int { Int(childOffsets[Int(item) + 1] - childOffsets[Int(item)]) }

    /// An item's child at `position`.
    func child(of item: Int32, at position: Int) -> Int32 { childList[Int(childOffsets[Int(item)]) + position] }

    /// The container number of the first container after `item` and all below it.
    func subtreeEnd(of item: Int32) -> Int {
        var last = item
        while childCount(of: last) > 0 { last = child(of: last, at: childCount(of: last) - 1) }
        let after = Int(last) + 1
        return after < itemContainer.count ? Int(itemContainer[after]) : count
    }

    /// The keys from container `top` down to container `container` (one below it), appended top down.
    func appendKeys(from top: Int32, to container: Int32, to keys: inout [PathKey]) {
        var steps: [PathKey] = []
        var at = container
        while at != top {
            let item = containers[Int(at)] >> 1
            if containers[Int(at)] & 1 == 1 {
                steps.append(.name("children"))
                at = itemContainer[Int(item)]
            } else {
                steps.append(.index(Int(position[Int(item)])))
                let owner = parent[Int(item)]
                at = itemContainer[Int(owner)] + 1
            }
        }
        keys.append(contentsOf: steps.reversed())
    }
}
