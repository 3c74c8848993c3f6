import LocatedJSON

/// `image`: an image of the style's sprite by name. One type checks it as MapLibre's parse does and compiles it.
package struct ImageForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        // MapLibre's `image` takes exactly one argument, the image name (image.ts).
        guard items.count == 2 else { return typing.error("Expected two arguments.") }
        guard let primary = typing.parse(items, 1, expected: .string) else {
            return typing.error("No image name provided.")
        }
        let children = [primary]
        return .node(.resolvedImage, children: children)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        let name = try compiler.compile(items, 1, expected: .string).run
        return CompiledExpression(type: .resolvedImage) { context throws(EvaluationError) in
            let text = try name(context).text
            return .image(name: text, available: context.availableImages.contains(text))
        }
    }
}
