import ArborCore
import Synchronization

/// A hierarchy produced by commands: `--children-cmd 'CMD {}'` prints the children of the id put in place of
/// `{}`, one a line: `id<TAB>title<TAB>subtitle<TAB>body<TAB>count` (fields after the id optional; an empty or
/// missing count means unknown). `--parent-cmd` prints the parent's id of `{}` (nothing: no parent).
///
/// A command that fails, writes to stderr or runs past the time limit is an error for that column only.
package final class CommandSource: HierarchySource, CountedListings {
    package let displayName: String
    private let childrenCommand: String
    private let parentCommand: String?
    private let rootID: String?
    private let timeout: Double
    private let outputLimit: Int
    private let known = Mutex<[String: SourceItem]>([:])
    private let said = Mutex<[String]>([])
    /// The output of the last few commands that printed many children, read from a page at a time; they and
    /// a command running take at most the output limit together.
    private let listings: ListingCache<CommandOutput>

    /// Creates a source; without a root id the first column lists what the command prints for an empty id.
    /// The outputs held (with their indexes) take at most `outputLimit` bytes: half for the command running,
    /// stopped there with its lines kept, half for the outputs kept from earlier ones.
    package init(childrenCommand: String, parentCommand: String? = nil, root: String?, timeout: Double = 10, outputLimit: Int = .max) {
        self.childrenCommand = childrenCommand
        self.parentCommand = parentCommand
        rootID = root
        self.timeout = timeout
        self.outputLimit = outputLimit / 2
        listings = ListingCache(budget: outputLimit / 2) { $0.footprint }
        displayName = root ?? childrenCommand
    }

    package func root() async throws -> SourceRoot? {
        SourceRoot(id: rootID ?? "", isVirtual: rootID == nil)
    }

    package func numberOfChildren(of id: String) async throws -> Int? {
        try listing(of: id).output.count
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await children(of: id, in: range).map(\.id)
    }

    package func parentID(of id: String) async throws -> String? {
        guard let parentCommand else { return nil }
        let output = try run(parentCommand, id: id).output.bytes
        let first = output.split(separator: 0x0A).first.map { LosslessText.decode($0.prefix { $0 != 0x09 }) }
        return first.map { $0.trimmingCharacters(in: " ") }.flatMap { $0.isEmpty ? nil : $0 }
    }

    package func item(_ id: String) async throws -> SourceItem {
        if let item = known.withLock({ $0[id] }) { return item }
        return SourceItem(id: id, content: ItemContent(title: id.isEmpty ? displayName : id), childCount: nil)
    }

    package func children(of id: String) async throws -> [SourceItem] {
        let output = try listing(of: id).output
        return remember(output.items(in: 0..<output.count))
    }

    /// A command that prints many children runs once; the browser takes its lines a page at a time.
    package var pagesChildren: Bool { true }

    /// A find walks within a bound: every item costs a request.
    package var searchBound: SearchBound { .lazyDefault }

    package func pagedChildren(of id: String) async throws -> PagedChildren? {
        let (output, notice) = try listing(of: id)
        if output.count > ChildPaging.threshold { listings.keep(output, for: id) }
        let first = remember(output.items(in: 0..<(output.count > ChildPaging.threshold ? ChildPaging.pageSize : output.count)))
        return PagedChildren(count: output.count, first: first, notice: notice)
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        let output = try listings.listing(for: id) ?? listing(of: id).output
        return remember(output.items(in: range))
    }

    /// Keeps items read for ``item(_:)``; the table starts over past ``knownLimit`` (a forgotten item reads by its id).
    private func remember(_ items: [SourceItem]) -> [SourceItem] {
        known.withLock { table in
            if table.count + items.count > Self.knownLimit { table.removeAll() }
            for item in items.prefix(Self.knownLimit) { table[item.id] = item }
        }
        return items
    }

    private static let knownLimit = 1 << 16

    /// What was said of the lists cut short so far (each once), for a run that has no column to say it in.
    package var notices: [String] { said.withLock { $0 } }

    /// The children command's output for `id`, with what to say when it was stopped before its end.
    private func listing(of id: String) throws -> (output: CommandOutput, notice: String?) {
        let listing = try runListing(of: id)
        if let notice = listing.notice { said.withLock { if !$0.contains(notice) { $0.append(notice) } } }
        return listing
    }

    private func runListing(of id: String) throws -> (output: CommandOutput, notice: String?) {
        let outcome = try run(childrenCommand, id: id)
        let lines = outcome.output.count == 1 ? "the line" : "the \(outcome.output.count) lines"
        if outcome.stoppedAtLimit {
            return (outcome.output, "the command's output reached \(ByteSize.text(outputLimit)), its share of the memory ceiling "
                + "(--max-input SIZE changes it), and was stopped: showing \(lines) read before")
        }
        if outcome.timedOut { return (outcome.output, "the command did not finish within \(seconds) s: showing \(lines) it printed") }
        return (outcome.output, nil)
    }

    private var seconds: String { timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout) }

    /// Runs a command with `{}` replaced by the quoted id. A command stopped at the time limit or the output
    /// limit after printing lines keeps them; one that printed none, failed or wrote to stderr is an error.
    private func run(_ template: String, id: String) throws -> ShellCommand.Outcome {
        let command = template.replacingOccurrences(of: "{}", with: ShellCommand.quote(id))
        let outcome = try ShellCommand.run(command, timeout: timeout, limit: outputLimit)
        if outcome.stoppedAtLimit || (outcome.timedOut && outcome.output.count > 0) { return outcome }
        if outcome.timedOut { throw SourceError("the command did not finish within \(seconds) s: \(command)") }
        let errors = String(decoding: outcome.errors, as: UTF8.self).split(separator: "\n").first.map(String.init)
        if outcome.status != 0 {
            throw SourceError("the command failed (status \(outcome.status))" + (errors.map { ": " + $0 } ?? ""))
        }
        if let errors { throw SourceError("the command wrote to stderr: " + errors) }
        return outcome
    }

    /// Items from output lines; a line without tabs is an id that is its own title.
    package static func parse(_ output: [UInt8]) -> [SourceItem] {
        var held = CommandOutput()
        held.append(output[...])
        held.finish()
        return held.items(in: 0..<held.count)
    }

    /// The id a line names (its first field), or nil for a line without one.
    static func id(ofLine rawLine: ArraySlice<UInt8>) -> String? {
        let line = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine
        let id = LosslessText.decode(line.prefix { $0 != 0x09 })
        return id.isEmpty ? nil : id
    }

    /// The item a line describes: `id<TAB>title<TAB>subtitle<TAB>body<TAB>count`.
    static func item(fromLine rawLine: ArraySlice<UInt8>) -> SourceItem {
        let line = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map { LosslessText.decode($0) }
        func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
        let count = Int(field(4).trimmingCharacters(in: " "))
        let title = field(1).isEmpty ? field(0) : field(1)
        return SourceItem(
            id: field(0), content: ItemContent(title: title, subtitle: field(2), body: field(3)),
            childCount: count.map { max(0, $0) })
    }
}
