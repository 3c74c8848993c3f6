import StyleCompiler

/// A unified diff of two texts, line by line, with three lines of context (what `compile --check --diff`
/// prints). Lines are compared after the common head and tail are set aside; a middle of more than
/// `maximumMiddle` lines on either side is shown as one replaced block rather than aligned. Credentials on a
/// line are cut to four characters, as in every other output.
enum UnifiedDiff {
    static let context = 3
    static let maximumMiddle = 4000

    static func render(old: [UInt8], new: [UInt8], oldName: String, newName: String) -> String {
        let a = lines(old)
        let b = lines(new)
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let middleA = Array(a[head..<(a.count - tail)])
        let middleB = Array(b[head..<(b.count - tail)])
        guard !(middleA.isEmpty && middleB.isEmpty) else { return "" }
        var edits = align(middleA, middleB)
        // Context before and after.
        let before = a[max(0, head - context)..<head].map { Edit.same($0) }
        let after = a[(a.count - tail)..<min(a.count, a.count - tail + context)].map { Edit.same($0) }
        edits = before + edits + after
        let oldStart = max(0, head - context)
        let oldCount = edits.filter { if case .added = $0 { return false } else { return true } }.count
        let newCount = edits.filter { if case .removed = $0 { return false } else { return true } }.count
        var text = "--- \(oldName)\n+++ \(newName)\n"
        text +=
            "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? oldStart : oldStart + 1),\(newCount) @@\n"
        for edit in edits {
            switch edit {
            case .same(let line):
                text += " " + VisibleText.escaped(CredentialMasking.masked(line), keepingTabs: true) + "\n"
            case .removed(let line):
                text += "-" + VisibleText.escaped(CredentialMasking.masked(line), keepingTabs: true) + "\n"
            case .added(let line):
                text += "+" + VisibleText.escaped(CredentialMasking.masked(line), keepingTabs: true) + "\n"
            }
        }
        return text
    }

    private enum Edit {
        case same(String)
        case removed(String)
        case added(String)
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return [] }
        var result = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// A longest-common-subsequence alignment of the middles (quadratic, so bounded by `maximumMiddle`).
    private static func align(_ a: [String], _ b: [String]) -> [Edit] {
        guard a.count <= maximumMiddle, b.count <= maximumMiddle, !a.isEmpty, !b.isEmpty else {
            return a.map { .removed($0) } + b.map { .added($0) }
        }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                edits.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                edits.append(.removed(a[i]))
                i += 1
            } else {
                edits.append(.added(b[j]))
                j += 1
            }
        }
        return edits
    }
}
