/// What an input file is, decided once, by its name, for every command, job and the language server: the team's
/// configuration (`.mc-style.yaml`), a rules document (`*.rules.json`, `*.rules.yaml`, `*.rules.yml`), a style
/// (`*.json`: a base or a composed style), or declarations (anything else: `*.yaml`, `*.yml` and the parts they
/// include). Standard input is judged by its first byte instead
/// (`ValidateJob.looksLikeJSONObject`).
public enum InputKind: Sendable, Equatable {
    /// MapConductor raster-source declarations, or a part of them an `!include` reads.
    case declarations
    /// The team's rule settings, `.mc-style.yaml`.
    case configuration
    /// A MapLibre style document.
    case style
    /// A rules document (MapConductor's StyleRules) named as one: `*.rules.json`, `*.rules.yaml`, `*.rules.yml`.
    case rules

    /// The configuration file's name.
    public static let configurationFileName = ".mc-style.yaml"

    /// The kind of the file at `path`.
    public init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name == Self.configurationFileName {
            self = .configuration
        } else if [".rules.json", ".rules.yaml", ".rules.yml"].contains(where: { name.hasSuffix($0) }) {
            self = .rules
        } else if name.hasSuffix(".json") {
            self = .style
        } else {
            self = .declarations
        }
    }
}
