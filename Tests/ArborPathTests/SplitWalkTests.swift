import ArborPath
import Dispatch
import Foundation
import Synchronization
import Testing

/// The walk of a leading descendant segment split into parts walked on several threads: the same matches, in the
/// same order, as the walk of one thread, wherever the parts are cut.
@Suite("Split walks")
struct SplitWalkTests {
    /// Starts helpers on Dispatch's threads.
    static func start(_ count: Int, _ work: @escaping @Sendable () -> Void) -> () -> Void {
        let group = DispatchGroup()
        for _ in 0..<count { DispatchQueue.global().async(group: group, execute: work) }
        return { group.wait() }
    }

    /// Every part one container, a part walked ahead at most: the cuts fall everywhere.
    static let finest = SplitWalkPlan(first: 1, largest: 1, ahead: 1, smallest: 0)

    static func matches(_ query: JSONPath, in document: JSONPathValue, plan: SplitWalkPlan, helpers: Int) throws -> [String] {
        var found: [String] = []
        try query.forEachMatch(in: PreorderDocument(document).root, helpers: helpers, plan: plan, start: start) { node, keys in
            found.append(NormalizedPath.text(keys) + " " + node.value.compactJSON)
            return true
        }
        return found
    }

    static func expected(_ query: JSONPath, in document: JSONPathValue) throws -> [String] {
        try query.matches(in: document).map { NormalizedPath.text($0.path) + " " + $0.node.compactJSON }
    }

    @Test(arguments: ComplianceSuiteTests.cases.filter { !$0.invalid && $0.selector.hasPrefix("$..") })
    func theSuiteGivesTheSameMatchesCutEverywhere(_ test: ComplianceSuiteTests.Case) throws {
        let document = try #require(test.document)
        let query = try JSONPath(test.selector)
        let expected = try Self.expected(query, in: document)
        for helpers in [1, 3] {
            for plan in [Self.finest, SplitWalkPlan(first: 1, largest: 3, ahead: 2, smallest: 0)] {
                #expect(try Self.matches(query, in: document, plan: plan, helpers: helpers) == expected, "\(test.selector)")
            }
        }
    }

    /// A document of many levels and shapes: objects in arrays in objects, empty ones, scalars between them.
    static let nested: JSONPathValue = {
        func level(_ depth: Int, _ seed: Int) -> JSONPathValue {
            guard depth > 0 else { return .number(JSONNumber(Double(seed))) }
            let children = (0..<(seed % 4 + 1)).map { level(depth - 1, seed * 7 + $0) }
            if seed % 3 == 0 { return .array(children + [.string("s\(seed)"), .array([])]) }
            return .object([("id", .number(JSONNumber(Double(seed)))), ("name", .string("n\(seed % 5)"))]
                + children.enumerated().map { ("c\($0.offset)", $0.element) } + [("empty", .object([]))])
        }
        return .array((0..<40).map { level(5, $0 + 1) })
    }()

    @Test(arguments: ["$..[?@.name == 'n3']", "$..[?@.name != 'n3']", "$..[?'n3' == @.name]", "$..*", "$..[0]", "$..c1.id", "$..[?@.id > 500].name", "$..[?@[0]]"])
    func aDeepDocumentGivesTheSameMatchesInAnyCut(_ selector: String) throws {
        let query = try JSONPath(selector)
        let expected = try Self.expected(query, in: Self.nested)
        #expect(!expected.isEmpty)
        for plan in [Self.finest, SplitWalkPlan(first: 2, largest: 64, ahead: 4, smallest: 0), SplitWalkPlan(smallest: 0)] {
            #expect(try Self.matches(query, in: Self.nested, plan: plan, helpers: 2) == expected, "\(selector)")
        }
    }

    @Test func aWalkStoppedByItsReaderHandsOnTheFirstMatchesOnly() throws {
        let query = try JSONPath("$..*")
        let expected = Array(try Self.expected(query, in: Self.nested).prefix(25))
        var found: [String] = []
        let finished = try query.forEachMatch(in: PreorderDocument(Self.nested).root, helpers: 2, plan: Self.finest, start: Self.start) { node, keys in
            found.append(NormalizedPath.text(keys) + " " + node.value.compactJSON)
            return found.count < 25
        }
        #expect(!finished)
        #expect(found == expected)
    }

    @Test func aWalkToldToStopEndsShort() throws {
        let query = try JSONPath("$..*")
        let all = try Self.expected(query, in: Self.nested).count
        let handed = Mutex(0)
        let finished = try query.forEachMatch(
            in: PreorderDocument(Self.nested).root, helpers: 2, plan: Self.finest, start: Self.start,
            shouldStop: { handed.withLock { $0 } >= 10 }
        ) { _, _ in
            handed.withLock { $0 += 1 }
            return true
        }
        #expect(!finished)
        #expect(handed.withLock { $0 } < all)
    }

    /// How many containers the walk had been handed while the reader, slow at its 100th match, held it until
    /// `enough` said so or `patience` ran out.
    static func handedAtASlowReader(_ plan: SplitWalkPlan, patience: Duration, enough: (Int) -> Bool) throws -> Int {
        let document = PreorderDocument(Self.nested)
        var seen = 0
        var handed = 0
        try JSONPath("$..*").forEachMatch(in: document.root, helpers: 1, plan: plan, start: Self.start) { _, _ in
            seen += 1
            if seen == 100 {
                let clock = ContinuousClock()
                let deadline = clock.now + patience
                repeat {
                    Thread.sleep(forTimeInterval: 0.01)
                    handed = document.handed.load(ordering: .relaxed)
                } while !enough(handed) && clock.now < deadline
            }
            return true
        }
        return handed
    }

    /// The helper walks ahead of a held reader only as far as the plan lets it: a bounded walk still holds after a
    /// while, an unbounded one runs far ahead however long a loaded machine takes to run the helper.
    @Test func aSlowReaderHoldsTheWalkBack() throws {
        let bounded = try Self.handedAtASlowReader(
            SplitWalkPlan(first: 1, largest: 1, ahead: 10_000, held: 5, smallest: 0), patience: .milliseconds(300)
        ) { _ in false }
        let unbounded = try Self.handedAtASlowReader(
            SplitWalkPlan(first: 1, largest: 1, ahead: 10_000, held: .max, smallest: 0), patience: .seconds(20)
        ) { $0 > 200 }
        #expect(bounded < 40)
        #expect(unbounded > 200)
    }

    @Test func aSmallDocumentOrAQueryNotStartingWithDescendantsIsWalkedByOneThread() throws {
        let started = Mutex(0)
        let start: HelperStarter = { count, work in
            started.withLock { $0 += count }
            return Self.start(count, work)
        }
        let root = PreorderDocument(Self.nested).root
        _ = try JSONPath("$[0]..name").forEachMatch(in: root, helpers: 2, plan: Self.finest, start: start) { _, _ in true }
        _ = try JSONPath("$..name").forEachMatch(in: root, helpers: 2, plan: SplitWalkPlan(smallest: 1_000_000), start: start) { _, _ in true }
        #expect(started.withLock { $0 } == 0)
        _ = try JSONPath("$..name").forEachMatch(in: root, helpers: 2, plan: Self.finest, start: start) { _, _ in true }
        #expect(started.withLock { $0 } == 2)
    }
}
