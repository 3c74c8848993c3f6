import LocatedJSON

/// A team's limits on what the composed map may cost per view (`budgets:` in `.mc-style.yaml`), checked over
/// the declarations' views by `validate` and `compile` and reported as `budget.*` findings.
public struct CostBudgets: Sendable, Equatable {
    /// One limit, and where the configuration sets it.
    public struct Limit: Sendable, Equatable {
        /// The most a view may take.
        public var value: Int
        /// Where the configuration sets it.
        public var location: SourceLocation?

        /// A limit of `value`, set at `location`.
        public init(_ value: Int, at location: SourceLocation? = nil) {
            self.value = value
            self.location = location
        }

        /// "the budget of N (KEY at FILE:LINE:COLUMN)", for messages.
        func described(_ key: String) -> String {
            "the budget of \(value) (\(key)\(location.map { " at \($0)" } ?? ""))"
        }
    }

    /// Requests per view, every source together (tiles shown, prefetched tiles, files).
    public var requestsPerView: Limit?
    /// Requests per view of one source, by its id in the composed style, in the configuration's order.
    public var requestsPerSource: [(id: String, limit: Limit)] = []
    /// Opaque raster layers shown over one another in a view.
    public var stackedRasters: Limit?
    /// Layers shown in a view, of every type.
    public var activeLayers: Limit?
    /// The composed style's size, in bytes of compact JSON.
    public var styleBytes: Limit?
    /// Where `budgets:` is written, for a finding about the budgets as a whole.
    public var location: SourceLocation?

    /// No limits.
    public init() {}

    /// True when no limit is set.
    public var isEmpty: Bool {
        requestsPerView == nil && requestsPerSource.isEmpty && stackedRasters == nil && activeLayers == nil
            && styleBytes == nil
    }

    /// Budgets are equal when they set the same limits at the same places.
    public static func == (lhs: CostBudgets, rhs: CostBudgets) -> Bool {
        lhs.requestsPerView == rhs.requestsPerView && lhs.stackedRasters == rhs.stackedRasters
            && lhs.activeLayers == rhs.activeLayers && lhs.styleBytes == rhs.styleBytes
            && lhs.requestsPerSource.map(\.id) == rhs.requestsPerSource.map(\.id)
            && lhs.requestsPerSource.map(\.limit) == rhs.requestsPerSource.map(\.limit)
    }
}
