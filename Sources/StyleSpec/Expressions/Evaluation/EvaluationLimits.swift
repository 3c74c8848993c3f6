/// How much work one expression evaluation may do.
public enum EvaluationLimits {
    /// Steps one evaluation may take (`let` evaluations and bindings worked out, each binding once per `let`).
    public static let steps = 1_000_000
}
