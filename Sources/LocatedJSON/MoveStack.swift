/// A stack for the parts of the containers being parsed (array elements, object members), one stack for
/// every depth. When a container closes, its parts are moved (not copied) into an array of exactly their
/// number: no parsed array keeps growth slack, and none is reallocated while it fills.
struct MoveStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Parts on the stack, over all open containers.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        self.storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    mutating func push(_ element: consuming Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// The part at `position` (counted from the bottom of the stack), for reading and changing in place.
    /// Addressed, not copied: reading a member's key to compare it costs no reference counting.
    subscript(position: Int) -> Element {
        unsafeAddress { UnsafePointer(storage + position) }
        unsafeMutableAddress { storage + position }
    }

    /// Removes the parts from `start` up and returns them as an array of exactly that size.
    mutating func pop(from start: Int) -> [Element] {
        let taken = count - start
        let source = storage + start
        count = start
        // Not `Array(unsafeUninitializedCapacity:)`: that reaches the standard library's unspecialized buffer
        // initializer, which looks up the storage class's generic metadata on every call.
        var parts: [Element] = []
        parts.reserveCapacity(taken)
        for offset in 0..<taken { parts.append((source + offset).move()) }
        return parts
    }
}
