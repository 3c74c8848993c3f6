import LocatedJSON
import StyleCompiler

/// `compat`'s outputs: text, JSON and Markdown of one report and the renderers named on the command line.
struct CompatPrinter {
    let report: CompatibilityReport
    let targets: [RendererTarget]

    /// `maplibre-gl-js: 5.6.0 or later`, each deciding use indented under it with its place.
    func text() -> String {
        var text = ""
        for verdict in report.verdicts {
            text += "\(verdict.profile.name): \(Self.verdictWords(verdict))\n"
            for use in verdict.deciding {
                text +=
                    "  \(place(use)): \(VisibleText.escaped(use.feature)), \(use.support(on: verdict.profile).wording)\n"
            }
        }
        for target in targets {
            let missing = report.unsupported(by: target)
            text +=
                "\(target): "
                + (missing.isEmpty
                    ? "draws every use\n" : "cannot draw \(missing.count) \(missing.count == 1 ? "use" : "uses")\n")
            for use in missing {
                text +=
                    "  \(place(use)): \(VisibleText.escaped(use.feature)), \(use.support(on: target.profile).wording)\n"
            }
            for use in report.ignored(by: target) {
                text += "  \(place(use)): \(VisibleText.escaped(use.feature)), ignored (the style loads without it)\n"
            }
        }
        return text
    }

    /// A table of the verdicts, then one of each named renderer's missing uses: for a PR comment.
    func markdown() -> String {
        var text = "| renderer | oldest version | decided by |\n|---|---|---|\n"
        for verdict in report.verdicts {
            let uses = verdict.deciding.prefix(5).map { "\(Self.cell($0.feature)) (`\(Self.cell(place($0)))`)" }
            let more = verdict.deciding.count > 5 ? ", and \(verdict.deciding.count - 5) more" : ""
            text +=
                "| \(verdict.profile.name) | \(Self.verdictWords(verdict)) | \(uses.joined(separator: "<br>"))\(more) |\n"
        }
        for target in targets {
            let missing = report.unsupported(by: target)
            text += "\n**\(target)**: " + (missing.isEmpty ? "draws every use.\n" : "cannot draw \(missing.count):\n\n")
            if !missing.isEmpty {
                text += "| where | what | support |\n|---|---|---|\n"
                for use in missing {
                    text +=
                        "| `\(Self.cell(place(use)))` | \(Self.cell(use.feature)) | \(Self.cell(use.support(on: target.profile).wording)) |\n"
                }
            }
        }
        return text
    }

    /// `{"renderers": [...], "targets": [...]}`.
    func json() -> JSONNode {
        .object([
            "renderers": .array(
                report.verdicts.map { verdict in
                    .object([
                        "renderer": .string(verdict.profile.name),
                        "oldestVersion": verdict.oldest.map { .string($0.description) } ?? .null,
                        "deciding": .array(verdict.deciding.map { use(node: $0, on: verdict.profile) }),
                    ])
                }),
            "targets": .array(
                targets.map { target in
                    .object([
                        "renderer": .string(target.profile.name), "version": .string(target.version.description),
                        "unsupported": .array(
                            report.unsupported(by: target).map {
                                use(node: $0, on: target.profile)
                            }),
                    ])
                }),
        ])
    }

    private func use(node use: CompatibilityUse, on renderer: RendererProfile) -> JSONNode {
        let position = use.location?.position
        return .object([
            "feature": .string(use.feature), "kind": .string(use.kind.rawValue), "capability": .string(use.capability),
            "path": .string(use.path.description), "file": use.location.map { .string($0.file.name) },
            "line": position.map { .integer($0.line) }, "column": position.map { .integer($0.column) },
            "support": .string(use.support(on: renderer).wording),
        ])
    }

    private func place(_ use: CompatibilityUse) -> String {
        use.location.map { "\($0.file.name):\($0.position)" } ?? use.path.description
    }

    private static func verdictWords(_ verdict: CompatibilityReport.Verdict) -> String {
        if let oldest = verdict.oldest { return "\(oldest) or later" }
        if verdict.deciding.isEmpty { return "any version" }
        return "no version yet (\(verdict.deciding.count) \(verdict.deciding.count == 1 ? "use" : "uses"))"
    }

    private static func cell(_ text: String) -> String {
        VisibleText.markdownCell(text)
    }
}
