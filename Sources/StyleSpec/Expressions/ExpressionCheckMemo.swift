import LocatedJSON

/// The type checks one validation thread has already passed, by expression value and specification: styles
/// repeat the same expressions in many layers (real styles hold several times as many expressions as distinct
/// ones), and whether a check passes, and the facts the rules
/// read from a passed check, depend on nothing but the value and the specification (the checker reads no
/// location, no layer and no other part of the style).
///
/// Failed checks are never remembered: their findings carry the place of each sub-expression, so an
/// expression that fails is checked again wherever it is written, and reported there.
package struct ExpressionCheckMemo {
    /// A memo that remembers nothing yet.
    package init() {}

    /// What the rules after the type check read from a passed check.
    package struct Facts {
        package let dependencies: TypedExpression.Dependencies
        package let outputDefined: Bool

        package init(_ parsed: TypedExpression) {
            dependencies = parsed.dependencies
            outputDefined = parsed.outputDefined
        }
    }

    /// An expression with what it was checked against: the number of a property's specification in `specs`, or
    /// -1 for a filter. Its structural hash (`JSONValue`'s) is computed once: a dictionary hashes a key again on
    /// every insertion and resize. The specification is numbered rather than held: it is a dozen strings, arrays
    /// and a default value, which would make every key large.
    private struct Key: Hashable {
        package let spec: Int
        package let expression: JSONNode
        package let digest: Int

        package init(spec: Int, expression: JSONNode) {
            self.spec = spec
            self.expression = expression
            var hasher = Hasher()
            hasher.combine(spec)
            hasher.combine(expression)
            digest = hasher.finalize()
        }

        package func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        package static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.digest == rhs.digest && lhs.spec == rhs.spec && lhs.expression == rhs.expression
        }
    }

    private var passed: [Key: Facts] = [:]
    /// The specifications checked against so far, numbered in the order first seen.
    private var specs: [ExpressionSpec: Int] = [:]

    /// How many distinct passed checks it holds.
    package var count: Int { passed.count }

    /// The number of `spec` in `specs`, given on first sight.
    private mutating func number(of spec: ExpressionSpec) -> Int {
        if let number = specs[spec] { return number }
        let number = specs.count
        specs[spec] = number
        return number
    }

    /// `checkProperty` of `node` against `spec`, or its facts from an equal check already passed.
    package mutating func checkProperty(_ node: JSONNode, spec: ExpressionSpec) -> (
        facts: Facts?, errors: [ExpressionError]
    ) {
        remembered(Key(spec: number(of: spec), expression: node)) {
            ExpressionTypeChecker.checkProperty(node, spec: spec)
        }
    }

    /// `checkExpression` of a filter expression (expected: boolean), or its facts from an equal filter already passed.
    package mutating func checkFilter(_ node: JSONNode) -> (facts: Facts?, errors: [ExpressionError]) {
        remembered(Key(spec: -1, expression: node)) { ExpressionTypeChecker.checkExpression(node, expected: .boolean) }
    }

    private mutating func remembered(_ key: Key, _ check: () -> (TypedExpression?, [ExpressionError])) -> (
        facts: Facts?, errors: [ExpressionError]
    ) {
        if let facts = passed[key] { return (facts, []) }
        let (parsed, errors) = check()
        guard let parsed else { return (nil, errors) }
        let facts = Facts(parsed)
        if errors.isEmpty { passed[key] = facts }
        return (facts, errors)
    }
}
