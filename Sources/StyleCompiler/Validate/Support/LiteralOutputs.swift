import StyleSpec

/// Where an expression's possible results stand, for the asset checks that follow literal values through
/// expressions (image names, font stacks): the outputs of `match`, `case`, `step` and `coalesce`, the value of
/// `literal` and `image`, the body of `let`. Other operators compute their result; nothing is followed there.
enum LiteralOutputs {
    /// The positions in an expression of `count` items whose first is `op`, by its form in `ExpressionRegistry`.
    static func positions(of op: String, count: Int) -> [Int] {
        switch ExpressionRegistry.operators[op] {
        case .literal?, .image?: return count > 1 ? [1] : []
        case .coalesce?: return Array(1..<max(1, count))
        case .match?: return count >= 4 ? Array(stride(from: 3, to: count - 1, by: 2)) + [count - 1] : []
        case .branch?: return count >= 3 ? Array(stride(from: 2, to: count - 1, by: 2)) + [count - 1] : []
        case .step?: return count >= 3 ? Array(stride(from: 2, to: count, by: 2)) : []
        case .bind?: return count >= 2 ? [count - 1] : []
        default: return []
        }
    }
}
