import Dispatch
import Synchronization

/// One open Server-Sent Events stream: a small bounded queue that `broadcast` fills without waiting, and the
/// connection's own thread, which writes it out. A client that does not read falls behind; when its queue is full it
/// is dropped, so that no client can hold up a broadcast or any other client.
final class EventStream: Sendable {
    /// Events a stream may have waiting; one more drops the stream.
    static let queueLimit = 16

    let descriptor: Int32
    private let queue = Mutex<(events: [[UInt8]], closed: Bool)>(([], false))
    private let signal = DispatchSemaphore(value: 0)

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Queues `event`; false (and the stream closed) when the client has fallen `queueLimit` events behind.
    func enqueue(_ event: [UInt8]) -> Bool {
        let kept = queue.withLock { state -> Bool in
            guard !state.closed else { return false }
            guard state.events.count < Self.queueLimit else {
                state.closed = true
                state.events = []
                return false
            }
            state.events.append(event)
            return true
        }
        signal.signal()
        return kept
    }

    /// Closes the stream: its writer stops at its next turn.
    func close() {
        queue.withLock { $0.closed = true }
        signal.signal()
    }

    /// What the writer does next.
    enum Next {
        /// Send this event.
        case event([UInt8])
        /// Nothing came for `seconds`: send a comment line, which also finds a client that went away.
        case idle
        /// The stream is closed.
        case closed
    }

    /// Waits up to `seconds` for the next event.
    func next(waiting seconds: Double) -> Next {
        _ = signal.wait(timeout: .now() + seconds)
        return queue.withLock { state -> Next in
            if state.closed { return .closed }
            if state.events.isEmpty { return .idle }
            return .event(state.events.removeFirst())
        }
    }
}
