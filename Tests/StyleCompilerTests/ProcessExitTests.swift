import Testing

@testable import StyleCompiler

/// Trees are left for the process's exit only in a process that said it exits after its command.
@Suite(.serialized) struct ProcessExitTests {
    private final class Tree {}

    @Test func aProcessThatGoesOnKeepsNothing() {
        weak var left: Tree?
        do {
            let tree = Tree()
            left = tree
            ProcessExit.leave(tree)
        }
        #expect(left == nil, "a library user's trees are freed as usual")
    }

    @Test func aProcessThatExitsKeepsWhatItLeaves() {
        ProcessExit.reclaimsAtExit = true
        defer { ProcessExit.reclaimsAtExit = false }
        weak var left: Tree?
        do {
            let tree = Tree()
            left = tree
            ProcessExit.leave(tree)
        }
        #expect(left != nil, "the tree is left for the exit")
    }
}
