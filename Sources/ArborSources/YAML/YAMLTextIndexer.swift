import CJSONScan
import CYAMLBlock

/// The index of the JSON text the block reader writes, built from the containers it hands over as it writes them
/// (``YAMLBlockReader``), so that the text is not scanned again: the first part's, and a second part's read beside
/// it, put after the first part's where the reader joins their texts.
final class YAMLTextIndexer: @unchecked Sendable {
    /// Each part's index is written only from that part's thread; the join and the result read them once the
    /// second part's thread has ended.
    private var head: JSONDocumentIndex
    private var tail: JSONDocumentIndex
    /// The largest offset an index holds (lowered within a scope by tests of a text that passes it).
    @TaskLocal static var offsetLimit = ByteOffsets.narrowLimit

    /// The sink the reader is handed, at an address that stays put while it reads.
    let sink: UnsafeMutablePointer<arbor_yaml_index_sink>

    /// An indexer for the text of an input of `inputSize` bytes, its offsets held in 32 bits: a text that passes
    /// 4 GiB (a YAML file of a GiB or more whose aliases' copies add much) loses its index, and is scanned.
    init(inputSize: Int) {
        let textBound = min(4 * inputSize + (2 << 20), ByteOffsets.narrowLimit)
        head = JSONDocumentIndex(inputSize: textBound, expectedContainers: JSONDocumentIndex.room(forBytes: inputSize * 3 / 2))
        tail = JSONDocumentIndex(inputSize: textBound, expectedContainers: JSONDocumentIndex.room(forBytes: inputSize * 3 / 4))
        sink = .allocate(capacity: 1)
        sink.initialize(to: arbor_yaml_index_sink(context: nil, record: recordEvents, join: joinParts, lost: 0,
                                                  offset_limit: Int64(Self.offsetLimit)))
        sink.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        sink.deallocate()
    }

    /// The index of the text the reader wrote with this sink; nil when what it handed over is not the text's (a
    /// stream of documents, a second part whose aliases waited for the first part's anchors). Its checkpoints are
    /// left just past their commas: the text is not read again to find where their members start.
    func index() -> JSONDocumentIndex? {
        guard sink.pointee.lost == 0, head.count > 0 else { return nil }
        let index = head
        head = JSONDocumentIndex(inputSize: 0)
        tail = JSONDocumentIndex(inputSize: 0)
        return index
    }

    fileprivate func record(part: Int32, _ events: UnsafeBufferPointer<arbor_json_event>, opened: Int) {
        if part == 0 { head.record(events, opened: opened) } else { tail.record(events, opened: opened) }
    }

    /// The second part's containers after the first part's, its offsets moved on by `shift`, its first sequence's
    /// members those of `sequence` from `firstEntry` on (a checkpoint at every stride of them).
    fileprivate func join(shift: Int, sequence: Int32, firstEntry: Int, entryStarts: UnsafeBufferPointer<Int64>) {
        for (entry, start) in entryStarts.enumerated() {
            let member = firstEntry + entry
            if member > 0, member % JSONDocumentIndex.stride == 0 { head.addCheckpoint(Int(start) + shift, to: sequence) }
        }
        tail.moveOffsets(by: shift)
        let numbers = Int32(head.count)
        head.append(&tail, shift: numbers) { parent, place in
            parent == ARBOR_YAML_PART_SEQUENCE ? (sequence, place + Int32(truncatingIfNeeded: firstEntry - 1)) : (parent + numbers, place)
        }
    }
}

private func indexer(_ context: UnsafeMutableRawPointer?) -> YAMLTextIndexer {
    Unmanaged<YAMLTextIndexer>.fromOpaque(context!).takeUnretainedValue()
}

private let recordEvents: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<arbor_json_event>?, Int64, Int64) -> Void = {
    context, part, events, count, opened in
    indexer(context).record(part: part, UnsafeBufferPointer(start: events, count: Int(count)), opened: Int(opened))
}

private let joinParts: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32, Int64, UnsafePointer<Int64>?, Int64) -> Void = {
    context, shift, sequence, firstEntry, starts, count in
    indexer(context).join(shift: Int(shift), sequence: sequence, firstEntry: Int(firstEntry),
                          entryStarts: UnsafeBufferPointer(start: starts, count: Int(count)))
}
