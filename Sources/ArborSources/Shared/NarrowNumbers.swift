/// Numbers that are nearly all small (a container's member count, its length in bytes), one per container,
/// each held in a narrow integer; the few too large for it are held in a table beside, their narrow entry
/// `Narrow.max`. A member count takes one byte instead of four, a length two.
struct NarrowNumbers<Narrow: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable {
    private var narrow: [Narrow] = []
    /// The numbers of `Narrow.max` or more, by index.
    private var large: [Int32: Int] = [:]

    /// An empty table with room for `capacity` numbers.
    init(capacity: Int = 0) {
        narrow.reserveCapacity(capacity)
    }

    /// The number of numbers.
    var count: Int { narrow.count }

    /// The number at `index`.
    subscript(index: Int) -> Int {
        get {
            let value = narrow[index]
            return value != Narrow.max ? Int(value) : large[Int32(index)] ?? 0
        }
        set {
            if narrow[index] == Narrow.max { large[Int32(index)] = nil }
            if newValue < Int(Narrow.max) {
                narrow[index] = Narrow(truncatingIfNeeded: newValue)
            } else {
                narrow[index] = Narrow.max
                large[Int32(index)] = newValue
            }
        }
    }

    /// Whether both hold the same numbers.
    func holdsTheSame(as other: NarrowNumbers) -> Bool {
        count == other.count && (0..<count).allSatisfy { self[$0] == other[$0] }
    }

    /// Makes room for `capacity` numbers in all.
    mutating func reserve(_ capacity: Int) {
        narrow.reserveCapacity(capacity)
    }

    /// Keeps the first `count` numbers.
    mutating func truncate(to count: Int) {
        for index in count..<narrow.count where narrow[index] == Narrow.max { large[Int32(index)] = nil }
        narrow.removeLast(narrow.count - count)
    }

    /// Adds `count` zeros, then lets `body` set any number by address.
    mutating func grow(by count: Int, _ body: (inout MutableView) -> Void) {
        narrow.append(contentsOf: repeatElement(0, count: count))
        let added = narrow.withUnsafeMutableBufferPointer { numbers in
            var view = MutableView(narrow: numbers.baseAddress.unsafelyUnwrapped)
            body(&view)
            return view.large
        }
        for (index, value) in added { large[index] = value }
    }

    /// Moves the numbers of `other` to the end, emptying it a MiB at a time.
    mutating func move(from other: inout NarrowNumbers) {
        let shift = Int32(narrow.count)
        for (index, value) in other.large { large[index + shift] = value }
        other.large = [:]
        ReleasingMove.append(&other.narrow, to: &narrow)
    }

    /// The numbers by address, valid inside `body`: the view holds no reference, so copies of it count none.
    func withView<Result>(_ body: (View) -> Result) -> Result {
        narrow.withUnsafeBufferPointer { narrow in
            withUnsafePointer(to: large) { large in body(View(narrow: narrow, large: large)) }
        }
    }

    /// Numbers written by address.
    struct MutableView {
        let narrow: UnsafeMutablePointer<Narrow>
        /// The numbers set that are too large for their narrow entry.
        var large: [(Int32, Int)] = []

        /// Sets the number at `index`, which has not been set before.
        @inline(__always)
        mutating func set(_ index: Int, _ value: Int) {
            if value < Int(Narrow.max) {
                narrow[index] = Narrow(truncatingIfNeeded: value)
            } else {
                narrow[index] = Narrow.max
                large.append((Int32(index), value))
            }
        }
    }

    /// Numbers read by address.
    struct View {
        let narrow: UnsafeBufferPointer<Narrow>
        let large: UnsafePointer<[Int32: Int]>

        /// The number at `index`.
        @inline(__always)
        subscript(index: Int) -> Int {
            let value = narrow[index]
            return value != Narrow.max ? Int(value) : large.pointee[Int32(index)] ?? 0
        }
    }
}
