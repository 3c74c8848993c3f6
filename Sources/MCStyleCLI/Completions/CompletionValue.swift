/// What a shell offers for one value: the option's fixed choices, folders, files of some kinds, any file, or
/// nothing (a number, a URL, a name only the user knows). Decided here, once, from the declarations: an option's
/// choices, else its value's name (`<folder>`, `<style>`), else an argument's name; a name this table does not
/// know fails a test, so a new option is classified when it is declared.
enum CompletionValue: Equatable {
    /// One of these words.
    case choices([String])
    /// A folder.
    case folders
    /// A file whose name ends in one of these extensions (without the dot), or a folder to look in.
    case files([String])
    /// Any file or folder.
    case anyFile
    /// Nothing to offer.
    case none

    /// Value names (and argument names) -> what is offered for them.
    static let byName: [String: CompletionValue] = [
        "folder": .folders, "baseline_folder": .folders, "compiled-folder": .folders,
        "style": .files(["json"]), "style.json": .files(["json"]),
        "declarations": .files(["yaml", "yml"]),
        "file": .files(["yaml", "yml", "json"]), "old": .files(["json"]), "new": .files(["json"]),
        "path": .anyFile, "url|folder": .anyFile,
        "name": .none, "url": .none, "json": .none, "zoom": .none, "source-id": .none, "seconds": .none,
        "pixels": .none, "degrees": .none, "west,south,east,north": .none, "source=tilejson": .none,
        "source-id=value": .none, "pattern": .none, "n|all": .none, "name=key": .none, "name=id": .none,
        "name=folder": .none, "n": .none, "min-max": .none, "expression": .none, "target": .none,
        "platform": .none, "format": .none, "1|2|3": .none, "name@version": .none, "lat,lon,zoom,size": .none,
        "preset": .none, "lon,lat": .none, "level": .none, "start-end": .none,
        "shell": .choices(CompletionScript.Shell.allCases.map(\.rawValue)),
        "subcommand": .choices(MCStyleTool.subcommands.map { $0.spec.name }),
    ]

    /// What is offered for `option`'s value.
    static func of(_ option: CommandSpec.Option) -> CompletionValue {
        if !option.choices.isEmpty { return .choices(option.choices) }
        return option.valueName.flatMap { byName[$0] } ?? .none
    }

    /// What is offered for the command's positional arguments (the first one's kind).
    static func of(_ arguments: [CommandSpec.Argument]) -> CompletionValue {
        arguments.first.flatMap { byName[$0.name] } ?? .none
    }
}
