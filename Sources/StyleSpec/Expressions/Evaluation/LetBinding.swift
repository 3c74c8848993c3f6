/// One `let` binding's value for one evaluation of its `let`: worked out the first time a `var` asks for it
/// (MapLibre evaluates bindings only where they are used, so an unused binding that fails is no error), then
/// kept, so that every `var` of it costs one look-up. Without the memo a `var` re-evaluated its binding each
/// time, and nested lets that each use their variable twice took time exponential in their depth.
package final class LetBinding: @unchecked Sendable {
    private let step: CompiledExpression.Step
    /// The input the `let` was evaluated with (its bindings see the scope outside it).
    private let input: EvaluationInput
    private var result: Result<ExpressionValue, EvaluationError>?

    package init(step: @escaping CompiledExpression.Step, input: EvaluationInput) {
        self.step = step
        self.input = input
    }

    /// The binding's value (or its error), evaluated once.
    package func value() throws(EvaluationError) -> ExpressionValue {
        if result == nil {
            try input.budget.spend()
            do { result = .success(try step(input)) } catch { result = .failure(error) }
        }
        switch result {
        case .success(let value)?: return value
        case .failure(let error)?: throw error
        case nil: throw EvaluationError("let: a binding had no value")
        }
    }
}

/// The work one evaluation may do: each `let` evaluation and each binding worked out counts one step, so an
/// expression that would run away (bindings nested beyond reason) ends with an error instead of a hang.
package final class EvaluationBudget: @unchecked Sendable {
    /// Steps one evaluation may take by default.
    package static let defaultSteps = EvaluationLimits.steps
    private let steps: Int
    private var left: Int

    package init(steps: Int = EvaluationBudget.defaultSteps) {
        self.steps = steps
        left = steps
    }

    package func spend() throws(EvaluationError) {
        left -= 1
        guard left >= 0 else {
            throw EvaluationError(
                "the expression needs more than \(steps) evaluation steps (let bindings evaluated too often): simplify it"
            )
        }
    }
}
