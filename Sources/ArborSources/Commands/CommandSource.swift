import ArborCore
import Synchronization

/// A hierarchy produced by commands: `--children-cmd 'CMD {}'` prints the children of the id put in place of
/// `{}`, one a line: `id<TAB>title<TAB>subtitle<TAB>body<TAB>count` (fields after the id optional; an empty or
/// missing count means unknown). `--parent-cmd` prints the parent's id of `{}` (nothing: no parent).
///
/// A command that fails, writes to stderr or runs past the time limit is an error for that column only.
public final class CommandSource: HierarchySource {
    public let displayName: String
    private let childrenCommand: String
    private let parentCommand: String?
    private let rootID: String?
    private let timeout: Double
    private let known = Mutex<[String: SourceItem]>([:])
    /// The output of the last few commands that printed many children, read from a page at a time.
    private let listings = ListingCache<[SourceItem]>()

    /// Creates a source; without a root id the first column lists what the command prints for an empty id.
    public init(childrenCommand: String, parentCommand: String? = nil, root: String?, timeout: Double = 10) {
        self.childrenCommand = childrenCommand
        self.parentCommand = parentCommand
        rootID = root
        self.timeout = timeout
        displayName = root ?? childrenCommand
    }

    public func root() async throws -> SourceRoot? {
        SourceRoot(id: rootID ?? "", isVirtual: rootID == nil)
    }

    public func numberOfChildren(of id: String) async throws -> Int? {
        try await children(of: id).count
    }

    public func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let all = try await children(of: id)
        return all[range.clamped(to: 0..<all.count)].map(\.id)
    }

    public func parentID(of id: String) async throws -> String? {
        guard let parentCommand else { return nil }
        let output = try run(parentCommand, id: id)
        let first = output.split(separator: 0x0A).first.map { LosslessText.decode($0.prefix { $0 != 0x09 }) }
        return first.map { $0.trimmingCharacters(in: " ") }.flatMap { $0.isEmpty ? nil : $0 }
    }

    public func item(_ id: String) async throws -> SourceItem {
        if let item = known.withLock({ $0[id] }) { return item }
        return SourceItem(id: id, content: ItemContent(title: id.isEmpty ? displayName : id), childCount: nil)
    }

    public func children(of id: String) async throws -> [SourceItem] {
        let items = Self.parse(try run(childrenCommand, id: id))
        known.withLock { table in for item in items { table[item.id] = item } }
        return items
    }

    /// A command that prints many children runs once; the browser takes its lines a page at a time.
    public var pagesChildren: Bool { true }

    /// A find walks within a bound: every item costs a request.
    public var searchBound: SearchBound { .lazyDefault }

    public func pagedChildren(of id: String) async throws -> PagedChildren? {
        let items = Self.parse(try run(childrenCommand, id: id))
        guard items.count > ChildPaging.threshold else {
            known.withLock { table in for item in items { table[item.id] = item } }
            return PagedChildren(count: items.count, first: items)
        }
        listings.keep(items, for: id)
        return PagedChildren(count: items.count, first: try await children(of: id, in: 0..<ChildPaging.pageSize))
    }

    public func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        var all = listings.listing(for: id)
        if all == nil { all = try await children(of: id) }
        let page = all.map { Array($0[range.clamped(to: 0..<$0.count)]) } ?? []
        known.withLock { table in for item in page { table[item.id] = item } }
        return page
    }

    /// Runs a command with `{}` replaced by the quoted id; its stdout, or an error naming what went wrong.
    private func run(_ template: String, id: String) throws -> [UInt8] {
        let command = template.replacingOccurrences(of: "{}", with: ShellCommand.quote(id))
        let outcome = try ShellCommand.run(command, timeout: timeout)
        if outcome.timedOut {
            let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
            throw SourceError("the command did not finish within \(seconds) s: \(command)")
        }
        let errors = String(decoding: outcome.errors, as: UTF8.self).split(separator: "\n").first.map(String.init)
        if outcome.status != 0 {
            throw SourceError("the command failed (status \(outcome.status))" + (errors.map { ": " + $0 } ?? ""))
        }
        if let errors { throw SourceError("the command wrote to stderr: " + errors) }
        return outcome.output
    }

    /// Items from output lines; a line without tabs is an id that is its own title.
    public static func parse(_ output: [UInt8]) -> [SourceItem] {
        var items: [SourceItem] = []
        var seen: Set<String> = []
        for rawLine in output.split(separator: 0x0A) {
            let line = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map { LosslessText.decode($0) }
            guard let id = fields.first, !id.isEmpty, seen.insert(id).inserted else { continue }
            func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
            let count = Int(field(4).trimmingCharacters(in: " "))
            let title = field(1).isEmpty ? id : field(1)
            items.append(SourceItem(
                id: id, content: ItemContent(title: title, subtitle: field(2), body: field(3)),
                childCount: count.map { max(0, $0) }))
        }
        return items
    }
}
