extension DiagnosticCollector {
    /// Collected findings less those `baseline` holds (`validate --baseline`), with a `baseline.stale` note for
    /// each of its entries no finding matches any more, and how many it held back (nil without a baseline).
    public func heldBack(_ diagnostics: [Diagnostic], by baseline: Baseline?) -> (
        reported: [Diagnostic], heldBack: Int?
    ) {
        guard let baseline else { return (diagnostics, nil) }
        let filtered = baseline.filter(diagnostics)
        return (filtered.reported + filtered.stale, filtered.heldBack)
    }
}
