/// The positions a slice selector (RFC 9535 §2.3.4.2.2) picks from an array of a given length, in its order.
@usableFromInline
struct SliceBounds {
    let start: Int?
    let end: Int?
    let step: Int?
    let count: Int

    @usableFromInline
    init(start: Int?, end: Int?, step: Int?, count: Int) {
        self.start = start
        self.end = end
        self.step = step
        self.count = count
    }

    @usableFromInline
    var positions: StrideTo<Int> {
        let step = self.step ?? 1
        guard step != 0 else { return stride(from: 0, to: 0, by: 1) }
        func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            return stride(from: lower, to: upper, by: step)
        }
        let upper = min(max(normalized(start ?? count - 1), -1), count - 1)
        let lower = min(max(end.map(normalized) ?? -1, -1), count - 1)
        return stride(from: upper, to: lower, by: step)
    }
}
