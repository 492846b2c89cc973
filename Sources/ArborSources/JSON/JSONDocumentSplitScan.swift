
/// A large document's index built on two cores. The bytes are split at a comma between two members: the part
/// before is scanned as usual up to the first such comma past the split, while the part after is scanned from
/// where ``JSONSplitPoint`` guesses that comma is, by ``JSONTailScanner``, which learns the containers around
/// it as it closes them. When the guess was wrong the part after is scanned again from the right comma. The two
/// indexes are joined when they agree: as many containers around the comma, of the same kinds. Otherwise, or
/// when the bytes are not well-formed, nil: the caller scans them in one pass, which is the one that decides.
package enum JSONDocumentSplitScan {
    /// Documents smaller than this are scanned in one pass.
    static let threshold = 8 << 20

    /// The index of `bytes` scanned in two parts split at the first comma between members past `place`, or nil.
    /// `inParallel` false scans the parts one after the other (for checks of the joining, where threads only
    /// cost time).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, splitAt place: Int, inParallel: Bool = true) -> JSONDocumentIndex? {
        guard let job = JSONSplitScanJob(bytes, splitAt: place, race: nil) else { return nil }
        if inParallel { WorkerThreads.perform(2, job.scan(part:)) } else { (0..<2).forEach(job.scan(part:)) }
        return job.joined()
    }

    /// The index of `bytes`: a large document's scanned in two parts where they join, else in one pass; nil when
    /// they are not one well-formed JSON value.
    static func index(of bytes: UnsafeBufferPointer<UInt8>) -> JSONDocumentIndex? {
        if bytes.count >= threshold, let joined = scan(bytes, splitAt: bytes.count / 100 * 52) { return joined }
        return JSONDocumentScanner.scan(bytes)
    }
}

extension JSONDocumentIndex {
    /// Completes this index of a document's first part, still inside `frames` (innermost last) at the split, with
    /// the index of the part after it, whose outer containers `outers` (innermost first) are those frames; false
    /// when their kinds differ or the counts grow past what is held in 32 bits. `tail` is emptied on the way.
    mutating func join(_ tail: inout JSONDocumentIndex, around frames: [JSONDocumentScanner.Frame], closedBy outers: [JSONTailScanner.Outer]) -> Bool {
        let headCount = count
        guard headCount + tail.count < Int(Int32.max) else { return false }
        for (level, outer) in outers.enumerated() {
            let frame = frames[frames.count - 1 - level]
            guard outer.isObject == frame.isObject, Int(frame.members) + Int(outer.members) < Int(Int32.max) else { return false }
            for (member, start) in outer.memberStarts.enumerated() {
                let number = Int(frame.members) + member
                if number > 0, number % Self.stride == 0 { addCheckpoint(start, to: frame.container) }
            }
            close(frame.container, at: outer.end, members: frame.members + outer.members)
        }
        let shift = Int32(headCount)
        let frames = frames
        append(&tail, shift: shift) { parent, position in
            guard parent < 0 else { return (parent + shift, position) }
            let frame = frames[frames.count - 1 - Int(-2 - parent)]
            return (frame.container, position + frame.members)
        }
        return true
    }
}

extension JSONDocumentSplitScan {
    /// For checks (the tests, the json fuzz target): whether a scan split at each of `places` gives the index the
    /// one-pass scan gives, or declines (nil) where that scan finds the bytes not well-formed.
    package static func agreesWithOnePass(_ bytes: [UInt8], splittingAt places: [Int]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            let whole = JSONDocumentScanner.scan(bytes)
            return places.allSatisfy { place in
                guard let split = scan(bytes, splitAt: place, inParallel: false) else { return true }
                return whole.map { split.holdsTheSameContainers(as: $0) } ?? false
            }
        }
    }

    /// How many of `places` a well-formed document is split at (rather than declined), for tests that a split
    /// happens at all.
    package static func splits(_ bytes: [UInt8], at places: [Int]) -> Int {
        bytes.withUnsafeBufferPointer { bytes in places.filter { scan(bytes, splitAt: $0, inParallel: false) != nil }.count }
    }
}

extension JSONDocumentIndex {
    /// Whether two indexes record the same containers, members and checkpoints.
    func holdsTheSameContainers(as other: JSONDocumentIndex) -> Bool {
        guard count == other.count, parent == other.parent, placeInStride == other.placeInStride,
              memberCount.holdsTheSame(as: other.memberCount), length.holdsTheSame(as: other.length),
              checkpoints == other.checkpoints else { return false }
        return (0..<count).allSatisfy { start[$0] == other.start[$0] && position(of: Int32($0)) == other.position(of: Int32($0)) }
    }
}
