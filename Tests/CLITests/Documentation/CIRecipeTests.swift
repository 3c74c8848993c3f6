import Foundation
import TestSupport
import Testing

/// The CI recipes of the manual run as jobs would: every GitHub Actions and GitLab CI job in docs/*.md, its
/// commands in order, in a clone of a pull request's repository, once for a project with one base (the demo) and
/// once for a project with three (`bases:`, the variants fixture). The repository has the base branch `main`
/// and a branch that changes one source's opacity; `origin` is a local bare repository, so `git fetch` and
/// `origin/main` work without a network.
@Suite struct CIRecipeTests {
    /// A project the recipes run against: its declarations, the folders they need, and the opacity the pull
    /// request changes.
    struct Project: CustomStringConvertible, Sendable {
        let name: String
        let declarations: String
        let parts: [String]
        let opacity: (from: String, to: String)
        let variants: Int
        var description: String { name }
    }

    static let projects = [
        Project(
            name: "demo (one base)", declarations: "fixtures/demo/mc-style.yaml",
            parts: ["fixtures/demo/parts", "fixtures/demo/vector"],
            opacity: ("opacity: 0.6", "opacity: 0.7"), variants: 1),
        Project(
            name: "variants (bases:)", declarations: "fixtures/variants/mc-style.yaml", parts: [],
            opacity: ("opacity: 0.5", "opacity: 0.7"), variants: 3),
    ]

    static let recipes: [CIRecipe] = DocumentationTests.files.flatMap { (try? CIRecipe.recipes(in: $0)) ?? [] }

    @Test func theManualHasRecipesForBothServices() throws {
        for file in DocumentationTests.files { _ = try CIRecipe.recipes(in: file) }
        let names = Set(Self.recipes.map(\.job))
        #expect(
            names.isSuperset(of: ["validate", "fresh", "compile-fresh", "style-diff", "validate-fork"]), "\(names)")
        let notRun = Self.recipes.filter { $0.whyNotRunHere != nil }
        print("CI recipes not run here: " + notRun.map { "\($0): \($0.whyNotRunHere ?? "")" }.joined(separator: "; "))
        #expect(notRun.count < Self.recipes.count / 3)
    }

    // One project at a time: GitLab's recipe writes to /tmp/old and /tmp/new (a runner's own container), which
    // two projects run at once would share.
    @Test(.serialized, arguments: projects)
    func everyRecipeRunsOnAPullRequest(_ project: Project) throws {
        let scratch = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let tools = scratch.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: tools.appendingPathComponent("mc-style"), withDestinationURL: builtTool)
        var environment = [
            "PATH": tools.path + ":/usr/local/bin:/usr/bin:/bin", "HOME": scratch.path, "NO_COLOR": "1",
            "GIT_AUTHOR_NAME": "ci", "GIT_AUTHOR_EMAIL": "ci@example.com", "GIT_COMMITTER_NAME": "ci",
            "GIT_COMMITTER_EMAIL": "ci@example.com", "GIT_CONFIG_NOSYSTEM": "1",
        ]
        try makeRepository(project, in: scratch, environment: environment)

        for (number, recipe) in Self.recipes.enumerated() where recipe.whyNotRunHere == nil {
            let job = scratch.appendingPathComponent("job-\(number)")
            let temporary = job.appendingPathComponent("runner-temp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            let summary = job.appendingPathComponent("step-summary.md")
            environment["RUNNER_TEMP"] = temporary.path
            environment["GITHUB_STEP_SUMMARY"] = summary.path
            environment["GITHUB_PATH"] = job.appendingPathComponent("github-path").path
            environment["CI_MERGE_REQUEST_TARGET_BRANCH_NAME"] = "main"
            let checkout = job.appendingPathComponent("checkout")
            let clone = shell(
                "git clone -q '\(scratch.appendingPathComponent("origin.git").path)' '\(checkout.path)' && git -C '\(checkout.path)' checkout -q change",
                in: job, environment: environment)
            try #require(clone.status == 0, "\(clone.output)")
            let commands = try #require(
                recipe.commands(filling: ["github.base_ref": "main"]), "\(recipe): an expression with no value")
            for command in commands {
                let run = shell(command, in: checkout, environment: environment)
                #expect(
                    run.status == 0, "\(project): \(recipe): `\(command)` exited \(run.status):\n\(run.output)")
            }
            if recipe.job == "style-diff" {
                // The pull request's change, once per map design, in the summary or the artefact.
                let report =
                    (try? String(contentsOf: summary, encoding: .utf8))
                    ?? (try? String(contentsOf: checkout.appendingPathComponent("style-diff.md"), encoding: .utf8))
                    ?? ""
                #expect(
                    report.components(separatedBy: "| `paint.raster-opacity` |").count == project.variants + 1,
                    "\(project): \(recipe):\n\(report)")
            }
        }
    }

    /// `origin.git`: branch `main` with the project, its baseline and its compiled folder (committed where
    /// ci.md's recipes keep it, `map-style/`, and where getting-started's does, `build/map-style/`), and branch
    /// `change`, the pull request, with one opacity changed and compiled again.
    private func makeRepository(_ project: Project, in scratch: URL, environment: [String: String]) throws {
        let repository = scratch.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SharedData.repositoryFile("styles"), to: repository.appendingPathComponent("styles"))
        for part in project.parts {
            let source = SharedData.repositoryFile(part)
            try FileManager.default.copyItem(
                at: source, to: repository.appendingPathComponent(source.lastPathComponent))
        }
        // At the root of the repository, as the recipes assume: the bases' paths from there.
        let declarations = try String(
            contentsOf: SharedData.repositoryFile(project.declarations), encoding: .utf8
        ).replacing("../../styles/", with: "styles/")
        try Data(declarations.utf8).write(to: repository.appendingPathComponent("mc-style.yaml"))
        let script = """
            set -e
            git init -q -b main
            mc-style compile mc-style.yaml --out map-style --quiet
            mc-style compile mc-style.yaml --out build/map-style --quiet
            mc-style validate mc-style.yaml --write-baseline mc-style.baseline.json > /dev/null
            git add -A && git commit -q -m base
            git checkout -q -b change
            sed -i 's/\(project.opacity.from)/\(project.opacity.to)/' mc-style.yaml
            mc-style compile mc-style.yaml --out map-style --quiet
            mc-style compile mc-style.yaml --out build/map-style --quiet
            git commit -q -am change
            git clone -q --bare . ../origin.git
            """
        let made = shell(script, in: repository, environment: environment)
        try #require(made.status == 0, "\(made.output)")
    }

    /// Runs `command` with bash, as a job's step does (`-e`, `pipefail`), standard error with standard output.
    private func shell(_ command: String, in folder: URL, environment: [String: String]) -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", command]
        process.currentDirectoryURL = folder
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "\(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
