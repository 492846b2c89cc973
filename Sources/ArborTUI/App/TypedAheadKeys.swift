/// Keys typed while the focused column still waits for its items: held in order until it has them, or until
/// the wait runs out and they apply to what is there.
struct TypedAheadKeys: Sendable {
    /// Where the wait for the focused column stands.
    enum Phase: Sendable, Hashable {
        /// Keys apply as they come.
        case free
        /// Keys wait for the focused column; the wait's timer runs.
        case waiting
        /// The wait ran out: the keys held apply to what is there.
        case expired
    }

    /// The keys held, oldest first.
    private(set) var keys: [Key] = []
    /// Where the wait stands.
    private(set) var phase = Phase.free

    /// Holds a key behind the others.
    mutating func hold(_ key: Key) {
        keys.append(key)
    }

    /// The wait's timer ran out.
    mutating func expire() {
        if phase == .waiting { phase = .expired }
    }

    /// The next key to apply, or nil when none is held or the keys must wait because the focused column is
    /// `awaiting` its items; `startsWait` is true when that wait begins now (its timer is to start).
    mutating func next(awaiting: Bool) -> (key: Key?, startsWait: Bool) {
        guard !keys.isEmpty else { return (nil, false) }
        if awaiting, phase != .expired {
            defer { phase = .waiting }
            return (nil, phase == .free)
        }
        phase = .free
        return (keys.removeFirst(), false)
    }
}
