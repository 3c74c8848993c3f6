/// The names of MapLibre's operators (its expression registry): special forms and signature-defined ones.
enum ExpressionOperators {
    static let specialForms: Set<String> = [
        "==", "!=", ">", "<", ">=", "<=", "array", "at", "boolean", "case", "coalesce", "collator", "format", "image",
        "in",
        "index-of", "interpolate", "interpolate-hcl", "interpolate-lab", "length", "let", "literal", "match", "number",
        "number-format", "object", "semiliteral", "slice", "step", "string", "to-boolean", "to-color", "to-number",
        "to-string",
        "var", "within", "distance", "global-state",
    ]

    /// True when `name` is an operator: an array starting with it is an expression, not a constant.
    static func isOperator(_ name: String) -> Bool {
        specialForms.contains(name) || CompoundSignatures.definitions[name] != nil
    }
}
