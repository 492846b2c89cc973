import Synchronization

/// The connections of one source: one is taken for each request and given back after it, a new one opened
/// when none is free, so that a column's query and the counts of another run side by side. A connection
/// that was lost is dropped, and the next request connects again. Each request is labelled with the list
/// it reads, so that the lists no longer shown can have their statements cancelled on the server.
final class PostgresPool: Sendable {
    private struct Running {
        var connection: PostgresConnection
        var label: String?
    }

    private struct State {
        var idle: [PostgresConnection] = []
        var running: [Int: Running] = [:]
        var nextTicket = 0
        /// Labels whose statements were cancelled: their failure is a cancellation, not an error.
        var cancelled: Set<Int> = []
    }

    private let target: PostgresTarget
    private let state = Mutex(State())
    /// Connections kept open between requests.
    static let kept = 4

    /// A pool for `target` holding `first`, the connection opened to check the source.
    init(target: PostgresTarget, first: PostgresConnection) {
        self.target = target
        state.withLock { $0.idle = [first] }
    }

    /// Runs `body` on a free connection; `label` names the list it reads (nil: not cancellable).
    func with<Value>(label: String? = nil, _ body: (PostgresConnection) throws -> Value) throws -> Value {
        let connection = try take()
        let ticket = state.withLock { state in
            defer { state.nextTicket += 1 }
            state.running[state.nextTicket] = Running(connection: connection, label: label)
            return state.nextTicket
        }
        do {
            let value = try body(connection)
            give(back: connection, ticket: ticket)
            return value
        } catch {
            let wasCancelled = give(back: connection, ticket: ticket)
            throw wasCancelled ? PostgresError("cancelled: the list is no longer shown", state: "57014") : error
        }
    }

    /// Cancels on the server the statements reading lists other than these.
    func cancel(allBut labels: Set<String>) {
        let stopping = state.withLock { state in
            state.running.filter { ticket, running in
                guard let label = running.label, !labels.contains(label) else { return false }
                return state.cancelled.insert(ticket).inserted
            }.map(\.value.connection)
        }
        for connection in stopping { connection.cancel() }
    }

    private func take() throws(PostgresError) -> PostgresConnection {
        if let connection = state.withLock({ $0.idle.popLast() }) {
            if connection.isOpen { return connection }
        }
        return try PostgresConnection(target)
    }

    /// Gives the connection back to the idle ones; returns whether its statement was cancelled.
    @discardableResult
    private func give(back connection: PostgresConnection, ticket: Int) -> Bool {
        state.withLock { state in
            state.running[ticket] = nil
            if !connection.isOpen {
                // The server went away: the idle connections went with it.
                state.idle.removeAll()
            } else if state.idle.count < Self.kept {
                state.idle.append(connection)
            }
            return state.cancelled.remove(ticket) != nil
        }
    }
}
