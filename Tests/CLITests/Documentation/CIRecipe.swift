import Foundation
import LocatedJSON
import YAMLReader

/// One CI job the manual gives as a recipe (a GitHub Actions job or a GitLab CI job in a ```yaml block), as the
/// recipe tests run it: its shell commands in order, without the steps that install and build mc-style (the
/// composite action, GitLab's `before_script`, `installsTheTool`), which the test environment stands in for.
struct CIRecipe: CustomStringConvertible {
    /// The job's key in its block.
    let job: String
    /// `docs/ci.md:177`: where the block starts.
    let place: String
    /// The commands, each a step's `run` or a line of `script`, as written.
    let commands: [String]

    var description: String { "\(job) (\(place))" }

    /// Every job in the file's yaml blocks: a workflow's `jobs`, or top-level keys whose value has `steps` (a
    /// GitHub job given on its own) or `script` (a GitLab job). A composite action's `runs` (it builds mc-style)
    /// and hidden GitLab templates (`.name`) are not jobs.
    static func recipes(in markdown: MarkdownFile) throws -> [CIRecipe] {
        var recipes: [CIRecipe] = []
        for block in markdown.blocks
        where block.language == "yaml" && !block.isIllustrative && !block.isRuleExample && !block.isGenerated {
            let place = "\(markdown.path):\(block.line)"
            // Declarations' `!include` is read as null: only the blocks' CI jobs matter here.
            let root = try YAMLReader(includeHandler: { _, location in JSONNode(.null, location: location) }).read(
                block.text, name: place)
            guard let top = root.objectValue else { continue }
            let jobs = root["jobs"]?.objectValue?.members ?? top.members
            for member in jobs where !member.key.hasPrefix(".") && member.value["using"] == nil {
                let commands: [String]
                if let steps = member.value["steps"]?.arrayValue {
                    commands = steps.compactMap { $0["run"]?.stringValue }
                } else if let script = member.value["script"]?.arrayValue {
                    commands = script.compactMap(\.stringValue)
                } else {
                    continue
                }
                recipes.append(
                    CIRecipe(
                        job: member.key, place: place,
                        commands: commands.filter { !installsTheTool($0) }))
            }
        }
        return recipes
    }

    /// True for a step that installs libyaml or fetches, builds or puts mc-style on the `PATH`: the recipe tests
    /// put the built tool on the `PATH` instead.
    static func installsTheTool(_ command: String) -> Bool {
        ["apt-get install", "your-org/mc-style", "swift build", "$GITHUB_PATH"].contains { command.contains($0) }
    }

    /// Why the job cannot run here, or nil: it needs TomTom's servers and a key, or a browser with recorded
    /// tiles (`.ci/snapshot_check.py` runs `snapshot --check` against recorded tiles in Chromium).
    var whyNotRunHere: String? {
        if commands.contains(where: { $0.contains("mc-style fetch-base") }) {
            return
                "it downloads TomTom's hosted style with a key (FetchBaseCommandTests run fetch-base against a stand-in)"
        }
        if commands.contains(where: { $0.contains("mc-style snapshot") }) {
            return "it draws in Chromium from recorded tiles (.ci/snapshot_check.py runs snapshot --check so)"
        }
        return nil
    }

    /// The commands with GitHub's `${{ ... }}` expressions replaced by `values`; nil when one has no value.
    func commands(filling values: [String: String]) -> [String]? {
        var filled: [String] = []
        for command in commands {
            var text = command
            while let open = text.range(of: "${{") {
                guard let close = text.range(of: "}}", range: open.upperBound..<text.endIndex) else { return nil }
                let name = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                guard let value = values[name] else { return nil }
                text.replaceSubrange(open.lowerBound..<close.upperBound, with: value)
            }
            filled.append(text)
        }
        return filled
    }
}
