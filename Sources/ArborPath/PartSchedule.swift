#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who walks which part of a split walk, and when the lead thread hands a part's matches on: parts are taken in
/// order by whichever thread is free, no further than ``SplitWalkPlan/ahead`` past the part handed on next, and
/// none while the parts walked and not handed on hold ``SplitWalkPlan/held`` matches or more (the next part to
/// hand on is always taken: a reader slower than the walk holds the matches of a few parts, not of the file).
@usableFromInline
final class PartSchedule: @unchecked Sendable {
    /// What the lead thread does next.
    @usableFromInline
    enum LeadStep {
        case handOn(Int)
        case walk(Int)
        case done
    }

    private let count: Int
    private let ahead: Int
    private let held: Int
    private var holding = 0
    // At addresses of their own: a stored property passed inout may be a copy.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var next = 0
    private var handedOn = 0
    private var walked: [Bool]
    private var stopped = false

    @usableFromInline
    init(count: Int, ahead: Int, held: Int) {
        self.count = count
        self.ahead = ahead
        self.held = held
        walked = Array(repeating: false, count: count)
        mutex.initialize(to: pthread_mutex_t())
        changed.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    private func locked<Value>(_ body: () -> Value) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    private var mayTake: Bool { next < count && next < handedOn + ahead && (holding < held || next == handedOn) }

    /// The next part for a helper thread, waiting while the parts ahead are all taken; nil when none is left or
    /// the walk stopped.
    @usableFromInline
    func take() -> Int? {
        locked {
            while !stopped, next < count, !mayTake { pthread_cond_wait(changed, mutex) }
            guard !stopped, mayTake else { return nil }
            next += 1
            return next - 1
        }
    }

    /// The lead thread's next step: hand on the next part when it has been walked, else walk one, else wait.
    @usableFromInline
    func leadStep() -> LeadStep {
        locked {
            while true {
                if stopped || handedOn == count { return .done }
                if walked[handedOn] { return .handOn(handedOn) }
                if mayTake {
                    next += 1
                    return .walk(next - 1)
                }
                pthread_cond_wait(changed, mutex)
            }
        }
    }

    /// Records that part `part` has been walked (its outcome, of `matches` matches, written before).
    @usableFromInline
    func finished(_ part: Int, matches: Int) {
        locked {
            walked[part] = true
            holding += matches
            pthread_cond_broadcast(changed)
        }
    }

    /// Records that the next part's matches, `matches` of them, have been handed on.
    @usableFromInline
    func handedOnNext(matches: Int) {
        locked {
            handedOn += 1
            holding -= matches
            pthread_cond_broadcast(changed)
        }
    }

    /// Ends the walk: no part is taken after this.
    @usableFromInline
    func stop() {
        locked {
            stopped = true
            pthread_cond_broadcast(changed)
        }
    }

    /// Whether the walk was stopped.
    @usableFromInline
    var isStopped: Bool { locked { stopped } }
}
