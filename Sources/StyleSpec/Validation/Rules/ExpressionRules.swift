import LocatedJSON

/// Expressions in paint and layout values and in filters, type-checked by `ExpressionTypeChecker`; each
/// finding is placed at the sub-expression its key names, under the property's path.
extension SpecValidationRun {
    func validateExpression(_ node: JSONNode, spec: SpecProperty, path: JSONPath, context: PropertyContext?) {
        let (parsed, errors) = checkedExpressions.checkProperty(node, spec: ExpressionSpec(spec))
        guard let parsed else {
            reportExpressionErrors(errors, path: path, expression: node)
            return
        }
        let reads = parsed.dependencies
        if context?.name == "text-font", !parsed.outputDefined {
            report(
                .styleExpression, path, node,
                "Invalid data expression for \"text-font\". Output values must be contained as literals within the expression."
            )
        } else if context?.kind == "layout", reads.contains(.featureState) {
            report(
                .styleExpression, path, node,
                "\"feature-state\" data expressions are not supported with layout properties.")
        } else if reads.contains(.featureState), !spec.parameters.contains("feature-state") {
            report(
                .styleExpression, path, node,
                "\"feature-state\" data expressions are not supported with \"\(spec.name)\".")
        } else if reads.contains(.heatmapDensity), !spec.parameters.contains("heatmap-density") {
            report(
                .styleExpression, path, node,
                "\"heatmap-density\" may only be used in \"heatmap-color\", not in \"\(spec.name)\".")
        } else if reads.contains(.lineProgress), !spec.parameters.contains("line-progress") {
            report(
                .styleExpression, path, node,
                "\"line-progress\" may only be used in \"line-gradient\", not in \"\(spec.name)\".")
        }
    }

    /// A filter that is an expression: a boolean expression of zoom and feature data (not feature state).
    func validateFilterExpression(_ node: JSONNode, path: JSONPath, layer: JSONNode?) {
        let (parsed, errors) = checkedExpressions.checkFilter(node)
        guard let parsed else {
            // MapLibre places a filter's errors at the filter; the sub-expression is the related place.
            reportExpressionErrors(errors, path: path, expression: node, atValue: true)
            return
        }
        if parsed.dependencies.contains(.featureState) {
            // The specification's wording (validate_expression, context "filter").
            report(.styleExpression, path, node, "\"feature-state\" data expressions are not supported with filters.")
        }
    }

    /// Each error at its sub-expression, or with `atValue` at the expression as a whole with the
    /// sub-expression as the related place.
    private func reportExpressionErrors(
        _ errors: [ExpressionError], path: JSONPath, expression: JSONNode, atValue: Bool = false
    ) {
        for error in errors {
            let finding = SpecFinding(error, under: path, in: files)
            if atValue, let location = files.location(of: error.node), location != files.location(of: expression) {
                report(
                    .styleExpression, finding.path, expression, error.message,
                    related: [SpecFinding.Related("the sub-expression at fault", at: location)] + finding.related)
            } else {
                report(
                    .styleExpression, finding.path, error.node ?? expression, error.message,
                    related: finding.related)
            }
        }
    }
}

/// The rules this file checks (listed in `SpecRule.all`).
extension SpecRule {
    /// An expression does not type-check, or reads inputs its property does not allow.
    public static let styleExpression = SpecRule(
        "style.expression", .error,
        summary: "An expression does not type-check, or reads inputs its property does not allow.",
        help: "Fix the sub-expression at the marked place (the message says what the type-checker expected).",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": ["+", 1, ↓"two"]}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": ["+", 0.5, 0.25]}}]}"#
            ),
        ])
}
