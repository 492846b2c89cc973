/// The deadlines of the timers that are running, on the monotonic clock.
struct LoopTimers {
    private(set) var deadlines: [LoopTimer: Double] = [:]
    /// Intervals that differ from each timer's own.
    let intervals: [LoopTimer: Double]

    /// Timers with their own intervals, but those given.
    init(intervals: [LoopTimer: Double] = [:]) {
        self.intervals = intervals
    }

    /// Starts a timer from `now`, again if it was running.
    mutating func start(_ timer: LoopTimer, now: Double) {
        deadlines[timer] = now + (intervals[timer] ?? timer.interval)
    }

    /// Starts a timer unless it is running.
    mutating func keep(_ timer: LoopTimer, now: Double) {
        if deadlines[timer] == nil { start(timer, now: now) }
    }

    /// Stops a timer.
    mutating func stop(_ timer: LoopTimer) {
        deadlines[timer] = nil
    }

    /// Milliseconds until the first deadline, rounded up, or -1 (forever) when no timer runs.
    func timeout(now: Double) -> Int32 {
        guard let first = deadlines.values.min() else { return -1 }
        return Int32(max(0, ((first - now) * 1000).rounded(.up)))
    }

    /// The timers whose deadline has passed, stopped, in a fixed order.
    mutating func takeDue(now: Double) -> [LoopTimer] {
        let due = LoopTimer.allCases.filter { deadlines[$0].map { $0 <= now } ?? false }
        for timer in due { deadlines[timer] = nil }
        return due
    }
}
