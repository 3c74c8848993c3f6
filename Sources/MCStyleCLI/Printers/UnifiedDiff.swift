import StyleCompiler

/// A unified diff of two texts, line by line: hunks of changed lines with three lines of context each (what
/// `compile --check --diff` and `migrate --diff` print). Lines are compared after the common head and tail
/// are set aside; a middle of more than
/// `maximumMiddle` lines on either side is shown as one replaced block rather than aligned. Each line is masked
/// by the run's collector (credentials and the run's secrets cut to four characters, as in every other output),
/// then escaped.
enum UnifiedDiff {
    static let context = 3
    static let maximumMiddle = 4000

    static func render(
        old: [UInt8], new: [UInt8], oldName: String, newName: String,
        masking collector: DiagnosticCollector = DiagnosticCollector()
    ) -> String {
        let a = lines(old)
        let b = lines(new)
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let middleA = Array(a[head..<(a.count - tail)])
        let middleB = Array(b[head..<(b.count - tail)])
        guard !(middleA.isEmpty && middleB.isEmpty) else { return "" }
        let edits =
            a[..<head].map { Edit.same($0) } + align(middleA, middleB) + a[(a.count - tail)...].map { Edit.same($0) }
        var text = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(edits) { text += render(hunk, of: edits, masking: collector) }
        return text
    }

    /// One hunk: the edits in `range`, which starts at old line `oldLine` and new line `newLine` (0-based).
    private struct Hunk {
        let range: Range<Int>
        let oldLine: Int
        let newLine: Int
    }

    /// The changed stretches, each with up to `context` unchanged lines around it; stretches whose contexts
    /// meet or overlap are one hunk, as `diff -u` makes them.
    private static func hunks(_ edits: [Edit]) -> [Hunk] {
        var hunks: [Hunk] = []
        var oldLine = 0
        var newLine = 0
        // Old and new line numbers before each edit.
        var positions: [(old: Int, new: Int)] = []
        positions.reserveCapacity(edits.count)
        for edit in edits {
            positions.append((oldLine, newLine))
            if case .added = edit {} else { oldLine += 1 }
            if case .removed = edit {} else { newLine += 1 }
        }
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        var index = 0
        while index < changed.count {
            let first = changed[index]
            var last = first
            while index + 1 < changed.count, changed[index + 1] - last <= 2 * context + 1 {
                index += 1
                last = changed[index]
            }
            index += 1
            let lower = max(0, first - context)
            let upper = min(edits.count, last + 1 + context)
            hunks.append(Hunk(range: lower..<upper, oldLine: positions[lower].old, newLine: positions[lower].new))
        }
        return hunks
    }

    private static func render(_ hunk: Hunk, of edits: [Edit], masking collector: DiagnosticCollector) -> String {
        func shown(_ line: String) -> String { VisibleText.escaped(collector.masked(line), keepingTabs: true) }
        let slice = edits[hunk.range]
        let oldCount = slice.filter { if case .added = $0 { return false } else { return true } }.count
        let newCount = slice.filter { if case .removed = $0 { return false } else { return true } }.count
        // An empty side names the line before it, as diff -u does.
        let oldStart = oldCount == 0 ? hunk.oldLine : hunk.oldLine + 1
        let newStart = newCount == 0 ? hunk.newLine : hunk.newLine + 1
        var text = "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
        for edit in slice {
            switch edit {
            case .same(let line): text += " " + shown(line) + "\n"
            case .removed(let line): text += "-" + shown(line) + "\n"
            case .added(let line): text += "+" + shown(line) + "\n"
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
