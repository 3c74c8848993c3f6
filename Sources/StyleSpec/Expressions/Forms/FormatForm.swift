import LocatedJSON

/// `format`: formatted text from sections and their options. One type checks it as MapLibre's parse does and compiles
/// it.
package struct FormatForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count >= 2 else { return typing.error("Expected at least one argument.") }
        if items[1].objectValue != nil || items[1].isNull {
            return typing.error("First argument must be an image or text section.")
        }
        var children: [TypedExpression] = []
        var optionsMayFollow = false
        for index in 1..<items.count {
            if optionsMayFollow, let object = items[index].objectValue {
                optionsMayFollow = false
                if let align = typing.option(object, "vertical-align"), let text = align.stringValue,
                    !["bottom", "center", "top"].contains(text)
                {
                    return typing.error(
                        "'vertical-align' must be one of: 'bottom', 'center', 'top' but found '\(text)' instead.")
                }
                let fields: [(String, ExpressionType)] = [
                    ("font-scale", .number), ("text-font", .array(.string, nil)),
                    ("text-color", .color), ("vertical-align", .string),
                ]
                guard let options = typing.parseOptions(object, fields) else { return nil }
                children += options
            } else {
                guard let content = typing.parse(items[index], key: 1, truthful: index == 1, expected: .value) else {
                    return nil
                }
                guard ["string", "value", "null", "resolvedImage"].contains(content.type.kind) else {
                    return typing.error("Formatted text type must be 'string', 'value', 'image' or 'null'.")
                }
                optionsMayFollow = true
                children.append(content)
            }
        }
        return .node(.formatted, children: children)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        struct Section {
            package let content: CompiledExpression.Step
            package var scale: CompiledExpression.Step?
            package var font: CompiledExpression.Step?
            package var color: CompiledExpression.Step?
            package var align: CompiledExpression.Step?
        }
        var sections: [Section] = []
        var index = 1
        while index < items.count {
            var section = Section(content: try compiler.compile(items, index, expected: .value).run)
            if index + 1 < items.count, let options = items[index + 1].objectValue {
                if let node = options["font-scale"] {
                    section.scale = try compiler.compile(node, expected: .number).run
                }
                if let node = options["text-font"] {
                    section.font = try compiler.compile(node, expected: .array(.string, nil)).run
                }
                if let node = options["text-color"] { section.color = try compiler.compile(node, expected: .color).run }
                if let node = options["vertical-align"] {
                    section.align = try compiler.compile(node, expected: .string).run
                }
                index += 1
            }
            sections.append(section)
            index += 1
        }
        return CompiledExpression(type: .formatted) { context throws(EvaluationError) in
            var result: [FormattedSection] = []
            for section in sections {
                let content = try section.content(context)
                let align = try section.align.map { step throws(EvaluationError) in try step(context).text }
                if case .image(let name, let available) = content {
                    result.append(FormattedSection(text: "", image: (name, available), verticalAlign: align))
                    continue
                }
                var scale: Double?
                if let step = section.scale, case .number(let number) = try step(context) { scale = number }
                var font: String?
                if let step = section.font, case .array(let names) = try step(context) {
                    font = names.map(\.text).joined(separator: ",")
                }
                var color: ExpressionColor?
                if let step = section.color, case .color(let value) = try step(context) { color = value }
                result.append(
                    FormattedSection(
                        text: content.text, scale: scale, fontStack: font, textColor: color, verticalAlign: align))
            }
            return .formatted(result)
        }
    }
}
