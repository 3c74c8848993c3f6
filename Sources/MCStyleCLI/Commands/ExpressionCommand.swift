import LocatedJSON
import StyleCompiler
import StyleSpec

/// `mc-style expression`: type-checks one expression against a property specification.
enum ExpressionCommand: Subcommand {
    static let spec = CommandSpec(
        name: "expression",
        abstract: "Type-check one MapLibre expression (or legacy function) the way MapLibre does.",
        discussion: """
            Prints the expression's result type and whether it depends on feature data and on zoom, or its
            errors keyed MapLibre's way ([2][1]: element 1 of element 2, i.e. the first argument of the second argument) at line:column of
            the expression text. The property decides the expected type and what may vary: give a property of
            the style specification by name (--property fill-color) or a specification in JSON (--spec); with
            neither the expression is checked as a data-driven, interpolatable property of any type.
            EXPRESSION is JSON text; '-' or nothing reads it from standard input.
            With --inputs it is also evaluated, once per input, as MapLibre evaluates it: INPUTS is a JSON array
            of [globals, feature] pairs as in MapLibre's expression tests (globals: zoom, heatmapDensity,
            lineProgress, availableImages, canonicalID {z, x, y}; feature: properties, featureState, id,
            geometry as GeoJSON). Each output is the value (colours as [r, g, b, a], premultiplied, as MapLibre's
            Color holds them) or {"error": message}; --global-state gives the style's global state.
            Exit status: 0 when it checks, 1 when it has errors or is not JSON, 2 on misuse.
            """,
        arguments: [
            .init(
                name: "expression", help: "The expression as JSON text, or '-' for standard input (the default).",
                isOptional: true)
        ],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let property = Option<StyleProperty>(
            name: "property", valueName: "name", help: "A paint or layout property to check against, e.g. fill-color."
        ).grouped("spec")
        let propertySpec = Option<PropertySpecification>(
            name: "spec", valueName: "json",
            help: "A property specification in JSON: type, property-type, expression {interpolated, parameters}."
        ).grouped("spec")
        let format = SharedOptions.format(
            [.text, .json], help: "Output format: text (default) or json ({\"result\": ...}).")
        let inputs = Option<JSONArgument>(
            name: "inputs", valueName: "json",
            help: "Evaluate for each [globals, feature] of this JSON array.")
        let globalState = Option<JSONArgument>(
            name: "global-state", valueName: "json",
            help: "The style's global state (a JSON object) for 'global-state'."
        ).requiring("inputs")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [property, propertySpec, format, inputs, globalState] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let format = try Self.options.format.value(in: arguments) ?? .text
        let spec = try propertySpec(arguments)
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        let source: SourceFile
        let text = arguments.positionals.first ?? "-"
        if text == "-" {
            do {
                source = try InputLoader().loadStandardInput()
            } catch {
                io.writeError(printer.render([error.diagnostic]))
                return .inputErrors
            }
        } else {
            source = SourceFiles().add(name: "<expression>", bytes: Array(text.utf8))
        }
        let expression: JSONNode
        do {
            expression = try JSONParser().parse(source).root
        } catch {
            io.writeError(printer.render([Diagnostic(error)]))
            return .inputErrors
        }
        let result = ExpressionTypeChecker.check(property: expression, spec: spec)
        var outputs: [JSONNode]?
        if let inputs = try Self.options.inputs.value(in: arguments)?.root, result.succeeded {
            guard let pairs = inputs.arrayValue else {
                throw UsageError("'--inputs' must be a JSON array of [globals, feature] pairs")
            }
            let state = try Self.options.globalState.value(in: arguments)?.root
            outputs = Self.evaluate(expression, spec: spec, pairs: pairs, globalState: state)
        }
        io.writeOutput(
            format == .json ? json(result, outputs: outputs, in: source) : self.text(result, outputs: outputs))
        if !result.succeeded, format == .text {
            io.writeError(printer.render(result.errors.map { Diagnostic($0, in: source) }))
        }
        return result.succeeded ? .success : .inputErrors
    }

    /// The specification `--property` or `--spec` gives (the parser lets only one through); with neither, a
    /// data-driven, interpolatable property of any type.
    private static func propertySpec(_ arguments: ParsedArguments) throws(UsageError) -> ExpressionSpec {
        if let property = try Self.options.property.value(in: arguments) { return property.spec }
        return try Self.options.propertySpec.value(in: arguments)?.spec ?? ExpressionSpec(type: "*")
    }

    /// One output per input pair: the value, or `{"error": message}`.
    private static func evaluate(
        _ expression: JSONNode, spec: ExpressionSpec, pairs: [JSONNode], globalState: JSONNode?
    ) -> [JSONNode] {
        switch ExpressionProgram.compile(property: expression, spec: spec) {
        case .failure(let error):
            return pairs.map { _ in .object(["error": .string(error.message)]) }
        case .success(let program):
            return pairs.map { pair in
                switch program.evaluate(EvaluationInput(json: pair, globalState: globalState)) {
                case .success(let value): return program.output(value)
                case .failure(let error): return .object(["error": .string(error.message)])
                }
            }
        }
    }

    private static func text(_ result: ExpressionTypeChecker.Result, outputs: [JSONNode]? = nil) -> String {
        guard let type = result.type else { return "" }
        var text =
            "type: \(type)\nfeature-constant: \(result.isFeatureConstant)\nzoom-constant: \(result.isZoomConstant)\n"
        for (index, output) in (outputs ?? []).enumerated() {
            text += "output \(index + 1): " + JSONWriter(style: .compact).string(output).trimmingNewline + "\n"
        }
        return text
    }

    /// The shape MapLibre's expression tests use: `{"result": "success", "type": ..., "isFeatureConstant": ...,
    /// "isZoomConstant": ...}` or `{"result": "error", "errors": [{"key": ..., "error": ...}]}` (errors also
    /// carry line and column).
    private static func json(
        _ result: ExpressionTypeChecker.Result, outputs: [JSONNode]? = nil, in source: SourceFile
    ) -> String {
        var object = JSONObject()
        func set(_ key: String, _ value: JSONValue) {
            _ = object.setMember(JSONMember(key: key, value: JSONNode(value)))
        }
        if let type = result.type {
            set("result", .string("success"))
            set("type", .string(type))
            set("isFeatureConstant", .bool(result.isFeatureConstant))
            set("isZoomConstant", .bool(result.isZoomConstant))
        } else {
            set("result", .string("error"))
            set(
                "errors",
                .array(
                    result.errors.map { error in
                        var entry = JSONObject()
                        _ = entry.setMember(JSONMember(key: "key", value: JSONNode(.string(error.keyText))))
                        _ = entry.setMember(JSONMember(key: "error", value: JSONNode(.string(error.message))))
                        if let position = source.location(of: error.node)?.position {
                            _ = entry.setMember(
                                JSONMember(key: "line", value: JSONNode(.number(JSONNumber(Double(position.line))))))
                            _ = entry.setMember(
                                JSONMember(key: "column", value: JSONNode(.number(JSONNumber(Double(position.column)))))
                            )
                        }
                        return JSONNode(.object(entry))
                    }))
        }
        if let outputs { set("outputs", .array(outputs)) }
        return JSONWriter(style: .compact).string(JSONNode(.object(object)))
    }
}
