import LocatedJSON
import StyleCompiler

/// `mc-style compile`: composes the custom style and writes it with its manifests.
enum CompileCommand: Subcommand {
    static let spec = CommandSpec(
        name: "compile",
        abstract: "Compose a base style and raster-source declarations into a custom style and its manifests.",
        discussion: """
        Writes OUT/style.json, OUT/manifest.json, OUT/tilejson/<id>.json per raster source with tiles of its
        own, and OUT/layer-mapping.json (tomtom, when the declarations give a layerMapping). All files are
        written at once or not at all: on any error OUT is left exactly as it was. Unchanged files are not
        rewritten. The same inputs always give byte-identical outputs.
        Errors and warnings go to standard error (notes only with validate).
        Exit status: 0 success, 1 the inputs have errors (or --check found files that would change), 2 misuse.
        """,
        usage: ["compile [<declarations>] --out <folder> [--base <style>] [--target tomtom|maplibre] [--api-key-env <name>] [--compact] [--check]"],
        arguments: [.init(name: "declarations", help: "The declarations file (.yaml). Without it, --base alone is composed.")],
        options: [
            .init(name: "out", valueName: "folder", help: "The output folder (created when missing)."),
            .init(name: "base", valueName: "style", help: "Base style to use instead of the declarations' 'base'."),
            .init(name: "target", valueName: "target", help: "tomtom or maplibre; overrides the declarations' target\n(default tomtom)."),
            .init(name: "api-key-env", valueName: "name", help: "Fill {key} in TomTom URLs from this environment variable\n(for builds whose output goes straight into an app bundle)."),
            .init(name: "compact", valueName: nil, help: "Write style.json compact instead of pretty."),
            .init(name: "check", valueName: nil, help: "Write nothing; exit 1 listing the files that would change."),
        ]
    )

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        guard arguments.positionals.count <= 1 else { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
        guard let out = arguments.string("out") else { throw UsageError("missing '--out <folder>'") }
        let declarations = arguments.positionals.first
        if declarations == nil, arguments.string("base") == nil { throw UsageError("give a declarations file or '--base <style>'") }
        if declarations == "-" { throw UsageError("compile reads its declarations from a file, not standard input (includes are relative to it)") }
        let target = try arguments.string("target").map { name throws(UsageError) in
            guard let target = Target(rawValue: name) else { throw UsageError("'\(name)' is not a valid value for '--target': expected tomtom, maplibre") }
            return target
        }
        var apiKey: String?
        if let name = arguments.string("api-key-env") {
            guard let value = io.environment[name], !value.isEmpty else {
                throw UsageError("the environment variable \(name) named by '--api-key-env' is not set")
            }
            apiKey = value
        }
        let job = CompileJob(declarationsPath: declarations, baseOverride: arguments.string("base"), targetOverride: target, apiKey: apiKey,
                             compact: arguments.flag("compact"), environment: io.environment, generatorVersion: MCStyleTool.version)
        let (files, diagnostics) = job.run()
        let printer = TextDiagnosticPrinter(useColor: io.errorIsTerminal && io.environment["NO_COLOR"] == nil)
        // Errors and warnings; notes (keys renderers ignore, ...) are for `validate`, not for every build.
        io.writeError(printer.render(diagnostics.filter { $0.severity != .note }))
        guard let files else {
            io.writeError(printer.summary(diagnostics))
            return .inputErrors
        }
        let folder = OutputFolder(path: out)
        if arguments.flag("check") {
            let changes = folder.changes(files)
            for path in changes { io.writeOutput("would change \(folder.path)/\(path)\n") }
            return changes.isEmpty ? .success : .inputErrors
        }
        do {
            try folder.write(files)
        } catch {
            io.writeError(printer.render([error.diagnostic]))
            return .inputErrors
        }
        return .success
    }
}
