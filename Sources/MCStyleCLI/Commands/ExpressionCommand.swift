import LocatedJSON
import StyleCompiler

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
        Exit status: 0 when it checks, 1 when it has errors or is not JSON, 2 on misuse.
        """,
        usage: ["expression [--property <name> | --spec <json>] [--format text|json] [<expression>]"],
        arguments: [.init(name: "expression", help: "The expression as JSON text, or '-' for standard input (the default).")],
        options: [property.spec, propertySpec.spec, format.spec]
    )
    static let property = Option<String>(name: "property", valueName: "name", help: "A paint or layout property to check against, e.g. fill-color.")
    static let propertySpec = Option<String>(name: "spec", valueName: "json",
                                             help: "A property specification in JSON: type, property-type, expression {interpolated, parameters}.")
    static let format = SharedOptions.format([.text, .json], help: "Output format: text (default) or json ({\"result\": ...}).")

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let format = try Self.format.value(in: arguments) ?? .text
        guard arguments.positionals.count <= 1 else { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
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
            source = SourceFile(name: "<expression>", bytes: Array(text.utf8))
        }
        let expression: JSONNode
        do {
            expression = try JSONParser().parse(source).root
        } catch {
            io.writeError(printer.render([Diagnostic(error)]))
            return .inputErrors
        }
        let result = ExpressionTypeChecker.check(property: expression, spec: spec)
        io.writeOutput(format == .json ? json(result) : self.text(result))
        if !result.succeeded, format == .text { io.writeError(printer.render(result.errors.map { Diagnostic($0) })) }
        return result.succeeded ? .success : .inputErrors
    }

    private static func propertySpec(_ arguments: ParsedArguments) throws(UsageError) -> ExpressionSpec {
        switch (try Self.property.value(in: arguments), try Self.propertySpec.value(in: arguments)) {
        case (.some, .some):
            throw UsageError("give either '--property <name>' or '--spec <json>', not both")
        case (let name?, nil):
            guard let spec = ExpressionSpec.property(named: name) else {
                let hint = Suggestion.didYouMean(name, among: ExpressionSpec.propertyNames)
                throw UsageError("'\(name)' is not a paint or layout property of the style specification\(hint)")
            }
            return spec
        case (nil, let text?):
            let node: JSONNode
            do {
                node = try JSONParser().parse(text, name: "--spec").root
            } catch {
                throw UsageError("'--spec' is not valid JSON: \(error.message)")
            }
            guard node.objectValue != nil else { throw UsageError("'--spec' must be a JSON object such as {\"type\": \"color\"}") }
            return ExpressionSpec(json: node)
        case (nil, nil):
            return ExpressionSpec(type: "*")
        }
    }

    private static func text(_ result: ExpressionTypeChecker.Result) -> String {
        guard let type = result.type else { return "" }
        return "type: \(type)\nfeature-constant: \(result.isFeatureConstant)\nzoom-constant: \(result.isZoomConstant)\n"
    }

    /// The shape MapLibre's expression tests use: `{"result": "success", "type": ..., "isFeatureConstant": ...,
    /// "isZoomConstant": ...}` or `{"result": "error", "errors": [{"key": ..., "error": ...}]}` (errors also
    /// carry line and column).
    private static func json(_ result: ExpressionTypeChecker.Result) -> String {
        var object = JSONObject()
        func set(_ key: String, _ value: JSONValue) { _ = object.setMember(JSONMember(key: key, value: JSONNode(value))) }
        if let type = result.type {
            set("result", .string("success"))
            set("type", .string(type))
            set("isFeatureConstant", .bool(result.isFeatureConstant))
            set("isZoomConstant", .bool(result.isZoomConstant))
        } else {
            set("result", .string("error"))
            set("errors", .array(result.errors.map { error in
                var entry = JSONObject()
                _ = entry.setMember(JSONMember(key: "key", value: JSONNode(.string(error.keyText))))
                _ = entry.setMember(JSONMember(key: "error", value: JSONNode(.string(error.message))))
                if let position = error.node?.location?.position {
                    _ = entry.setMember(JSONMember(key: "line", value: JSONNode(.number(JSONNumber(Double(position.line))))))
                    _ = entry.setMember(JSONMember(key: "column", value: JSONNode(.number(JSONNumber(Double(position.column))))))
                }
                return JSONNode(.object(entry))
            }))
        }
        return JSONWriter(style: .compact).string(JSONNode(.object(object)))
    }
}
