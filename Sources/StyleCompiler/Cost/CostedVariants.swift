import LocatedJSON
import StyleMath

/// Views costed in each variant they name: the one walk `mc-style cost` and the budget check share.
public struct CostedVariants: Sendable {
    /// Per view, then per variant it is costed in, in the declarations' orders.
    public let costs: [ViewCost]
    /// Views that could not be costed, and why (a centre or zoom the model refuses).
    public let failures: [(view: CostView, reason: String)]

    /// `views` costed in the composed styles of `variants` (name, composed style), each view in the variants it
    /// names (all when it names none), as `model`'s renderer fetches them; tile bytes from `recorded`.
    public init(
        views: [CostView], variants: [(name: String, style: JSONNode)], model: CostModel,
        recorded: RecordedTiles? = nil
    ) {
        let styles = variants.map { (name: $0.name, cost: StyleCost(style: $0.style, model: model)) }
        var costs: [ViewCost] = []
        var failures: [(view: CostView, reason: String)] = []
        for view in views {
            for variant in styles where view.variants.isEmpty || view.variants.contains(variant.name) {
                do throws(GeoError) {
                    costs.append(try variant.cost.cost(of: view, variant: variant.name, recorded: recorded))
                } catch {
                    failures.append((view, error.description))
                    break
                }
            }
        }
        self.costs = costs
        self.failures = failures
    }
}
