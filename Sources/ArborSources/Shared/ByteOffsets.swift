/// Byte offsets into one input, held in 32 bits each while the input is small enough for that (the most common
/// case, half the memory) and in 64 bits past 4 GiB. Which form is chosen once, from the input's size; -1 (no
/// offset) can be held in either.
struct ByteOffsets: Sendable {
    private var narrow: [UInt32] = []
    private var wide: [Int] = []
    /// Whether offsets take 64 bits each.
    let isWide: Bool

    /// The largest input whose offsets (and -1) fit in 32 bits.
    static let narrowLimit = Int(UInt32.max) - 1

    /// Takes every input as past 4 GiB, within a scope (for tests of the 64-bit form on small inputs).
    @TaskLocal static var forcesWide = false

    /// Offsets into an input of `inputSize` bytes.
    init(inputSize: Int, capacity: Int = 0) {
        isWide = inputSize > Self.narrowLimit || Self.forcesWide
        if isWide {
            wide.reserveCapacity(capacity)
        } else {
            narrow.reserveCapacity(capacity)
        }
    }

    /// The number of offsets.
    var count: Int { isWide ? wide.count : narrow.count }

    /// The offset at `index`, -1 for none.
    subscript(index: Int) -> Int {
        get {
            if isWide { return wide[index] }
            let value = narrow[index]
            return value == UInt32.max ? -1 : Int(value)
        }
        set {
            if isWide { wide[index] = newValue } else { narrow[index] = Self.narrowed(newValue) }
        }
    }

    /// Adds an offset (or -1) at the end.
    mutating func append(_ offset: Int) {
        if isWide { wide.append(offset) } else { narrow.append(Self.narrowed(offset)) }
    }

    /// Moves the offsets of `other` (into the same input) to the end, emptying it a MiB at a time.
    mutating func move(from other: inout ByteOffsets) {
        if isWide { ReleasingMove.append(&other.wide, to: &wide) } else { ReleasingMove.append(&other.narrow, to: &narrow) }
    }

    /// Moves every offset on by `shift` (offsets into a part of an input, once the part is placed in it).
    mutating func moveOn(by shift: Int) {
        if isWide {
            wide.withUnsafeMutableBufferPointer { offsets in for at in offsets.indices where offsets[at] >= 0 { offsets[at] += shift } }
        } else {
            let moved = UInt32(truncatingIfNeeded: shift)
            narrow.withUnsafeMutableBufferPointer { offsets in for at in offsets.indices where offsets[at] != UInt32.max { offsets[at] &+= moved } }
        }
    }

    /// Makes room for `capacity` offsets in all (storage shared with a copy is copied now, with that room).
    mutating func reserve(_ capacity: Int) {
        if isWide { wide.reserveCapacity(capacity) } else { narrow.reserveCapacity(capacity) }
    }

    /// Keeps the first `count` offsets.
    mutating func truncate(to count: Int) {
        if isWide { wide.removeLast(wide.count - count) } else { narrow.removeLast(narrow.count - count) }
    }

    private static func narrowed(_ offset: Int) -> UInt32 {
        offset < 0 ? UInt32.max : UInt32(offset)
    }

    /// The offsets by address, valid inside `body`.
    func withView<Result>(_ body: (View) -> Result) -> Result {
        if isWide { return wide.withUnsafeBufferPointer { body(View(narrow: nil, wide: $0.baseAddress)) } }
        return narrow.withUnsafeBufferPointer { body(View(narrow: $0.baseAddress, wide: nil)) }
    }

    /// Adds `count` offsets (0 until set), then lets `body` set any of them by address.
    mutating func grow(by count: Int, _ body: (MutableView) -> Void) {
        if isWide {
            wide.append(contentsOf: repeatElement(0, count: count))
            wide.withUnsafeMutableBufferPointer { body(MutableView(narrow: nil, wide: $0.baseAddress)) }
        } else {
            narrow.append(contentsOf: repeatElement(0, count: count))
            narrow.withUnsafeMutableBufferPointer { body(MutableView(narrow: $0.baseAddress, wide: nil)) }
        }
    }

    /// Offsets written by address, in whichever form they are held.
    struct MutableView {
        let narrow: UnsafeMutablePointer<UInt32>?
        let wide: UnsafeMutablePointer<Int>?

        /// Sets the offset at `index` (not negative).
        @inline(__always)
        func set(_ index: Int, _ offset: Int) {
            if let narrow { narrow[index] = UInt32(truncatingIfNeeded: offset) } else { wide.unsafelyUnwrapped[index] = offset }
        }

        /// The offset at `index`, set before (not negative).
        @inline(__always)
        func get(_ index: Int) -> Int {
            if let narrow { return Int(narrow[index]) }
            return wide.unsafelyUnwrapped[index]
        }
    }

    /// Offsets read by address, in whichever form they are held.
    struct View {
        let narrow: UnsafePointer<UInt32>?
        let wide: UnsafePointer<Int>?

        /// The offset at `index`, -1 for none.
        subscript(index: Int) -> Int {
            if let narrow {
                let value = narrow[index]
                return value == UInt32.max ? -1 : Int(value)
            }
            return wide.unsafelyUnwrapped[index]
        }
    }
}
