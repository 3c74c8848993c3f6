/// What a check session came to: its findings with the baseline applied, how many the baseline held back,
/// and whether the run fails.
public struct CheckOutcome: Sendable {
    /// Every finding, configured and masked; those the baseline holds are left out, and a `baseline.stale` note
    /// stands for each of its entries no finding matches.
    public let findings: [Diagnostic]
    /// How many findings the baseline held back; nil without a baseline.
    public let heldBack: Int?

    /// True when a finding is an error, or (with `strict`) a warning.
    public func fails(strict: Bool = false) -> Bool {
        findings.containsErrors || (strict && findings.warningCount > 0)
    }
}

extension CheckSession {
    /// The outcome: the findings so far with the request's baseline (read now, its own findings added) applied.
    public func outcome() -> CheckOutcome {
        guard let path = request.baselinePath else { return CheckOutcome(findings: findings, heldBack: nil) }
        let (baseline, problems) = Baseline.load(path: path, inputLoader: options.inputLoader)
        guard let baseline else { return CheckOutcome(findings: findings + problems, heldBack: nil) }
        let filtered = baseline.filter(findings + problems)
        return CheckOutcome(findings: filtered.reported + filtered.stale, heldBack: filtered.heldBack)
    }

    /// What writing a baseline came to.
    public enum BaselineWrite: Sendable {
        /// Written, with this many entries.
        case written(entries: Int)
        /// Not written: these errors cannot be held back (an unreadable file, a syntax error).
        case blocked([Diagnostic])
        /// Not written: the file could not be written.
        case failed(Diagnostic)
    }

    /// Records the session's findings as a baseline at `path`, atomically; findings it cannot hold stop it.
    public func writeBaseline(to path: String) -> BaselineWrite {
        let blocking = findings.filter { $0.severity == .error && Baseline.entry($0) == nil }
        guard blocking.isEmpty else { return .blocked(blocking) }
        let baseline = Baseline(recording: findings)
        do {
            try AtomicFileWriter().write(baseline.rendered(), to: path)
        } catch {
            return .failed(error.diagnostic)
        }
        return .written(entries: baseline.entries.count)
    }
}
