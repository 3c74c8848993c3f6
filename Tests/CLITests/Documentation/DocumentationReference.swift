import Foundation
import StyleCompiler

@testable import MCStyleCLI

/// The parts of the manual made from the code: the subcommand table, each command's options (from the same
/// declarations as `--help`), the declarations reference (from `DeclarationSchema`, as the JSON Schema is) and
/// the rule reference (from `RuleCatalog.all`, with each rule's examples). `DocumentationTests` checks every
/// region against them; `.ci/update_goldens.sh` rewrites them.
enum DocumentationReference {
    /// The generated regions: (file, region name, content).
    static var regions: [(file: String, name: String, content: String)] {
        [("README.md", "subcommands", subcommandTable(linkingTo: "docs/commands.md"))]
            + MCStyleTool.subcommands.map { ("docs/commands.md", "options of \($0.spec.name)", options(of: $0.spec)) }
            + [
                ("docs/declarations.md", "reference", declarations()),
                ("docs/rules.md", "rules", rules()),
            ]
    }

    private static func cell(_ text: String) -> String {
        text.replacing("\n", with: " ").replacing("|", with: "\\|")
    }

    static func subcommandTable(linkingTo page: String) -> String {
        "| command | what it does |\n|---|---|\n"
            + MCStyleTool.subcommands.map { command in
                let spec = command.spec
                return "| [`\(spec.name)`](\(page)#mc-style-\(spec.name)) | \(cell(spec.abstract)) |\n"
            }.joined()
    }

    static func options(of spec: CommandSpec) -> String {
        var text = "```text\n" + spec.usage.map { "mc-style \($0)\n" }.joined() + "```\n\n"
        if !spec.arguments.isEmpty {
            text += "| argument | what |\n|---|---|\n"
            text += spec.arguments.map { "| `\(cell($0.usage))` | \(cell($0.help)) |\n" }.joined() + "\n"
        }
        text += "| option | what |\n|---|---|\n"
        for option in spec.allOptions {
            var label =
                option.name == "help"
                ? "`-h`, `--help`" : "`--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "") + "`"
            if option.isRepeatable { label += " (repeatable)" }
            text += "| \(label.replacing("|", with: "\\|")) | \(cell(option.help)) |\n"
        }
        return text
    }

    // MARK: The declarations file

    static func declarations() -> String {
        var sections: [DeclarationSchema.ObjectSpec] = []
        var seen: Set<String> = []
        func collect(_ spec: DeclarationSchema.ObjectSpec) {
            guard seen.insert(spec.noun).inserted else { return }
            sections.append(spec)
            for field in spec.fields { visit(field.type) }
        }
        func visit(_ type: DeclarationSchema.FieldType) {
            switch type {
            case .object(let spec): collect(spec)
            case .list(let item, _, _): visit(item)
            case .oneOf(let types): types.forEach(visit)
            case .map(let value): visit(value)
            default: break
            }
        }
        collect(DeclarationSchema.file)
        let defaultable = Set(DeclarationSchema.defaults.fields.map(\.name))
        return sections.map { spec in
            var text = "### \(title(spec.noun))\n\n"
            for group in spec.exactlyOneOf {
                text += "Exactly one of " + group.map { "`\($0)`" }.joined(separator: ", ") + ".\n\n"
            }
            if spec.noun == DeclarationSchema.source.noun {
                text += "Fields marked (d) may also be given once for every source in [`defaults`](#the-defaults).\n\n"
            }
            text += "| field | type | required | what |\n|---|---|---|---|\n"
            for field in spec.fields {
                let mark = spec.noun == DeclarationSchema.source.noun && defaultable.contains(field.name) ? " (d)" : ""
                text +=
                    "| `\(field.name)`\(mark) | \(describe(field.type)) | \(field.isRequired ? "yes" : "") | \(cell(field.summary)) |\n"
            }
            return text
        }.joined(separator: "\n")
    }

    /// "a source" -> "A source".
    private static func title(_ noun: String) -> String { noun.prefix(1).uppercased() + noun.dropFirst() }

    private static func describe(_ type: DeclarationSchema.FieldType) -> String {
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        switch type {
        case .string: return "string"
        case .integer(let range): return range.map { "integer \($0.lowerBound)–\($0.upperBound)" } ?? "integer"
        case .number(let range):
            return range.map { "number \(number($0.lowerBound))–\(number($0.upperBound))" } ?? "number"
        case .boolean: return "`true` \\| `false`"
        case .choice(let words): return words.map { "`\($0)`" }.joined(separator: " \\| ")
        case .integerChoice(let values): return values.map { "`\($0)`" }.joined(separator: " \\| ")
        case .list(let item, let count, let unique):
            var limits: [String] = []
            if let count {
                limits.append(
                    count.lowerBound == count.upperBound
                        ? "\(count.lowerBound) items" : "\(count.lowerBound)–\(count.upperBound) items")
            }
            if unique { limits.append("unique") }
            return "list of \(describe(item))" + (limits.isEmpty ? "" : " (\(limits.joined(separator: ", ")))")
        case .object(let spec): return "[\(spec.noun)](#\(MarkdownFile.slug(title(spec.noun))))"
        case .map(let value):
            if case .string = value { return "mapping of names to strings" }
            return "mapping of names to \(describe(value))"
        case .oneOf(let types): return types.map(describe).joined(separator: ", or ")
        }
    }

    // MARK: Rules

    static func rules() -> String {
        var text = "Examples of declarations that name `base.json` without giving it compose onto this base style:\n\n"
        text += block(RuleExample.exampleBase, language: "json") + "\n"
        text += "| rule | default | configurable | what |\n|---|---|---|---|\n"
        for rule in RuleCatalog.all {
            text +=
                "| [`\(rule.id)`](#\(MarkdownFile.slug(rule.id))) | \(rule.defaultSeverity.rawValue) | \(rule.isConfigurable ? "yes" : "no") | \(cell(rule.summary)) |\n"
        }
        for rule in RuleCatalog.all {
            text += "\n### \(rule.id)\n\n\(rule.summary) Default severity: **\(rule.defaultSeverity.rawValue)**"
            text += rule.isConfigurable ? ".\n\n" : "; it cannot be configured.\n\n"
            text += "What to do: \(rule.help)\n"
            for example in rule.examples {
                text += "\n" + describe(example)
            }
        }
        return text
    }

    private static func describe(_ example: RuleExample) -> String {
        let how: String
        switch example.input {
        case .style:
            how = "`mc-style validate style.json\(example.renderers.map { " --renderer \($0)" }.joined())`"
        case .declarations: how = "`mc-style validate mc-style.yaml`"
        case .compile: how = "`mc-style compile mc-style.yaml --out out`"
        case .standardInput: how = "`mc-style validate -`, given on standard input"
        case .configuration: how = "`.mc-style.yaml`, read with `--config`"
        case .baseline: how = "`baseline.json`, given to `validate --baseline`"
        case .migration: how = "`mc-style migrate style.json`"
        case .resolve:
            let edit = example.resolution?.edit.map {
                ", `\($0.text)` replaced by `\($0.replacement)` in `out/\($0.file)`"
            }
            how =
                "`mc-style compile mc-style.yaml --out out`\(edit ?? ""), then `\(example.resolution.map(resolving) ?? "")`"
        }
        let language = [.style, .baseline, .migration].contains(example.input) ? "json" : "yaml"
        let environment = example.environment.keys.sorted().map { name in
            let value = example.environment[name] ?? ""
            return "`\(name)=\(value)`" + (value.isEmpty ? " (set, empty)" : "")
        }
        let setting = environment.isEmpty ? "" : ", with " + environment.joined(separator: ", ")
        var text = (example.triggers ? "Finds it" : "Passes") + " (\(how)\(setting)):\n\n"
        if let bytes = example.bytes {
            let shown = bytes.prefix(24).map { String(format: "%02x", $0) }.joined(separator: " ")
            return text + "a file of \(bytes.count) bytes that is not UTF-8, beginning `\(shown)`.\n"
        }
        text += block(example.text, language: language)
        for name in example.files.keys.sorted() {
            let fileLanguage = name.hasSuffix(".json") ? "json" : "yaml"
            text += "\nwith `\(name)`:\n\n" + block(example.files[name] ?? "", language: fileLanguage)
        }
        return text
    }

    /// The `mc-style resolve` command line that gives what `resolution` holds.
    private static func resolving(_ resolution: RuleExample.Resolution) -> String {
        let settings = resolution.settings
        var words = ["mc-style", "resolve", resolution.folder, "--platform", settings.platform.rawValue]
        if settings.apiKey != nil { words += ["--api-key-env", "TOMTOM_API_KEY"] }
        if let server = settings.localTileServer { words += ["--local-tile-server", server] }
        for (name, id) in settings.routeIDs.sorted(by: { $0.key < $1.key }) { words += ["--route", "\(name)=\(id)"] }
        for name in settings.environment.keys.sorted() { words += ["--env", name] }
        for (id, opacity) in settings.opacity.sorted(by: { $0.key < $1.key }) {
            words += ["--opacity", "\(id)=\(opacity)"]
        }
        if let renderer = settings.renderer { words += ["--renderer", "\(renderer.name)@\(renderer.version)"] }
        if let variant = resolution.variant { words += ["--variant", variant] }
        return words.joined(separator: " ")
    }

    /// A fenced block of an example; a long one is cut, saying how much is left out.
    private static func block(_ content: String, language: String) -> String {
        var lines = content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let limit = 40
        var shown = lines.prefix(limit).map {
            $0.count > 300 ? String($0.prefix(300)) + " … (\($0.count) characters)" : $0
        }
        if lines.count > limit { shown.append("… (\(lines.count - limit) more lines)") }
        return "```\(language) rule-example\n" + shown.joined(separator: "\n") + "\n```\n"
    }
}
