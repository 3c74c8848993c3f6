import Testing
import StyleCompiler

@Suite struct ProcessExitTests {
    /// Counts its deinitializations, so a test can see whether it was freed.
    final class Tracked {
        nonisolated(unsafe) static var freed = 0
        let name: String
        init(_ name: String) { self.name = name }
        deinit { Self.freed += 1 }
    }

    @Test func aLeftValueIsNeverFreedAndOthersAre() {
        weak var left: Tracked?
        weak var dropped: Tracked?
        let before = Tracked.freed
        do {
            let kept = Tracked("left")
            let other = Tracked("dropped")
            left = kept
            dropped = other
            ProcessExit.leave([kept])
        }
        #expect(dropped == nil)
        #expect(left?.name == "left")
        #expect(Tracked.freed == before + 1)
    }
}
