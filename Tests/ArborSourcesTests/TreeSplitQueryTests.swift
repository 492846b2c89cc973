import ArborCore
import ArborPath
@testable import ArborSources
import Testing

/// An object tree large enough for its queries to be walked in parts (4,096 containers: 3,000 items and their
/// lists of children) answers as the walk of one thread does.
@Suite("Split queries over an object tree's index")
struct TreeSplitQueryTests {
    /// A tree of `count` items or more, of many shapes: titled and untitled objects, empty lists of children,
    /// scalar items, fields of every type, duplicate names; with `virtual`, a top-level array of items.
    static func tree(_ count: Int, virtual: Bool = false) -> String {
        var made = 0
        func item(_ depth: Int) -> String {
            made += 1
            let number = made
            if number % 97 == 0 { return number % 2 == 0 ? "\(number)" : "\"scalar \(number)\"" }
            var fields = number % 11 == 0 ? [] : ["\"title\": \"n\(number % 50)\""]
            fields.append("\"size\": \(number % 37)")
            if number % 5 == 0 { fields.append("\"tags\": [\"x\", \(number)]") }
            if number % 13 == 0 { fields.append("\"title\": \"again \(number)\"") }
            let children = depth >= 7 || made >= count ? 0 : [0, 1, 2, 3, 5][number % 5]
            if number % 7 == 0 || children > 0 {
                fields.append("\"children\": [" + (0..<children).map { _ in item(depth + 1) }.joined(separator: ", ") + "]")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        var top: [String] = []
        while made < count { top.append(item(1)) }
        return virtual ? "[" + top.joined(separator: ", ") + "]" : "{\"title\": \"root\", \"children\": [" + top.joined(separator: ", ") + "]}"
    }

    static let queries = [
        "$..[?@.size > 30]", "$..[?@.title == 'n7']", "$..children[0]", "$..title", "$..[?length(@.children) > 2].title",
        "$..[?@.tags]", "$..children[?@.size == 1].size",
    ]

    /// A value as the lines compare it: a scalar as JSON, an object or array by its kind and size (writing out
    /// every subtree a descendant query meets would cost the walk's time many times over).
    private static func shown(_ value: JSONPathValue) -> String {
        switch value {
        case .object(let members): return "object of \(members.count)"
        case .array(let elements): return "array of \(elements.count)"
        default: return value.compactJSON
        }
    }

    /// Each match's path, item and value, by the query's own walk (split when it can be) and by one thread.
    private func matches(_ expression: String, of tree: LazyJSONTree) async throws -> (split: [String], one: [String]) {
        let path = try JSONPath(expression)
        return await onQueryThread {
            func line(_ keys: [PathKey], _ node: JSONTreePathNode) -> String {
                NormalizedPath.text(keys) + " | " + tree.id(of: node.item) + " | " + Self.shown(node.value)
            }
            var split: [String] = []
            _ = try? tree.forEachQueryMatch(path, shouldStop: { false }) { match in
                split.append(NormalizedPath.text(match.path) + " | " + match.itemID + " | " + Self.shown(match.value))
                return true
            }
            var one: [String] = []
            let root = JSONTreePathNode(tree: tree, containers: tree.containersForQueries(), item: 0, role: .item)
            _ = try? path.forEachMatch(in: root) { node, keys in
                one.append(line(keys, node))
                return true
            }
            return (split, one)
        }
    }

    @Test(arguments: [false, true])
    func aLargeTreeGivesTheSameMatches(_ virtual: Bool) async throws {
        let tree = try #require(LazyJSONTree(bytes: Array(Self.tree(3_000, virtual: virtual).utf8), name: "t.json",
                                             mapping: FieldMapping(), force: true))
        #expect(tree.containersForQueries().count >= SplitWalkPlan().smallest)
        for expression in Self.queries {
            let (split, one) = try await matches(expression, of: tree)
            #expect(!one.isEmpty, "\(expression)")
            #expect(split == one, "\(expression): \(split.count) against \(one.count)")
        }
    }

    @Test func theContainersAreNumberedInDocumentOrder() throws {
        let tree = try #require(LazyJSONTree(bytes: Array(Self.tree(300).utf8), name: "t.json", mapping: FieldMapping(), force: true))
        let containers = tree.containersForQueries()
        let root = JSONTreePathNode(tree: tree, containers: containers, item: 0, role: .item)
        // The containers below the root, listed by number, are the preorder of the recursion over its children.
        var preorder: [String] = []
        func visit(_ node: JSONTreePathNode, _ keys: [PathKey]) {
            _ = node.forEachChild(containersOnly: true) { key, child in
                var childKeys = keys
                node.appendPathKeys(key, to: &childKeys)
                preorder.append(NormalizedPath.text(childKeys))
                visit(child, childKeys)
                return true
            }
        }
        visit(root, [])
        let listed = (0..<root.descendantContainerCount).map { position -> String in
            let (key, _) = root.descendantContainer(at: position)
            var keys: [PathKey] = []
            root.appendPathKeys(key, to: &keys)
            return NormalizedPath.text(keys)
        }
        #expect(listed == preorder)
        let ends = (0..<root.descendantContainerCount).map { root.descendantSubtreeEnd(at: $0) }
        for (position, end) in ends.enumerated() {
            let prefix = listed[position]
            let below = listed[(position + 1)..<end]
            #expect(below.allSatisfy { $0.hasPrefix(prefix) } && (end == listed.count || !listed[end].hasPrefix(prefix + "[")))
        }
    }

    /// Every list of two items or more cut into slices of one or two members, on three threads: each list's items
    /// tested in slices started at their places give what one thread's walk gives.
    @Test func slicesOfLongListsGiveTheSameMatches() async throws {
        let tree = try #require(LazyJSONTree(bytes: Array(Self.tree(3_000).utf8), name: "t.json", mapping: FieldMapping(), force: true))
        let plan = SplitWalkPlan(first: 1, largest: 2, ahead: 4, smallest: 0)
        for expression in Self.queries.filter({ $0.hasPrefix("$..[?") }) {
            let path = try JSONPath(expression)
            let (split, one) = await onQueryThread { () -> ([String], [String]) in
                let root = JSONTreePathNode(tree: tree, containers: tree.containersForQueries(), item: 0, role: .item)
                func lines(helpers: Int) -> [String] {
                    var found: [String] = []
                    _ = try? path.forEachMatch(in: root, helpers: helpers, plan: plan, start: LazyJSONDocument.startHelpers) { node, keys in
                        found.append(NormalizedPath.text(keys) + " | " + tree.id(of: node.item) + " | " + Self.shown(node.value))
                        return true
                    }
                    return found
                }
                return (lines(helpers: 2), lines(helpers: 0))
            }
            #expect(!one.isEmpty, "\(expression)")
            #expect(split == one, "\(expression): \(split.count) against \(one.count)")
        }
    }
}
