/// How bad a finding is; an error fails the run.
public enum FindingSeverity: String, Sendable, Comparable, CaseIterable {
    /// The input is wrong: a renderer refuses it, and a check fails.
    case error
    /// Most likely a mistake; fails a check only when warnings are made to.
    case warning
    /// Worth knowing; never fails a check.
    case note

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .note: return 2
        }
    }

    /// Errors sort before warnings, and warnings before notes.
    public static func < (lhs: FindingSeverity, rhs: FindingSeverity) -> Bool { lhs.rank < rhs.rank }
}
