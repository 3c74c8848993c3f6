import Foundation
import TestSupport

/// Runs a Markdown file's ```sh and ```console blocks, in order, in one bash session inside a scratch copy of the
/// shipped files (`fixtures`, `styles`, and the built tool as `.build/release/mc-style`, also on `PATH`; `MC_STYLE`
/// names the copy), and compares each console command's output with the output the block shows.
///
/// - A console block is `$ command` lines (a trailing `\` continues one), each followed by the output it shows; a
///   line `...` stands for any number of lines. Standard error is shown with standard output, as a terminal does.
///   A command may fail: the output shown says what it says.
/// - An sh block runs as it is and must succeed; its output is not compared.
/// - A block with `file=PATH` (any language) is written to PATH, relative to the session's folder at that point.
struct DocumentationSession {
    struct Failure: CustomStringConvertible {
        let file: String
        let line: Int
        let message: String
        var description: String { "\(file):\(line): \(message)" }
    }

    private struct Step {
        let line: Int
        let script: String
        /// nil for an sh block, whose output is not compared.
        let expected: [String]?
        let command: String
    }

    let markdown: MarkdownFile

    /// How many commands ran.
    private(set) var commandCount = 0

    /// The blocks this session runs or writes.
    static func runs(_ block: MarkdownFile.Block) -> Bool {
        !block.isIllustrative && !block.isGenerated
            && (block.filePath != nil || block.language == "sh" || block.language == "console")
    }

    mutating func run() throws -> [Failure] {
        let steps = try self.steps()
        commandCount = steps.count
        guard !steps.isEmpty else { return [] }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mc-style-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let copy = scratch.appendingPathComponent("mc-style")
        let results = scratch.appendingPathComponent("results")
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
        // The copy is a repository, as a clone is: its root is the project folder of the shipped declarations.
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: scratch.appendingPathComponent("home"), withIntermediateDirectories: true)
        for folder in ["fixtures", "styles"] {
            try FileManager.default.copyItem(
                at: SharedData.repositoryFile(folder), to: copy.appendingPathComponent(folder))
        }
        try FileManager.default.createSymbolicLink(
            at: copy.appendingPathComponent(".build/release/mc-style"), withDestinationURL: builtTool)

        var script = "cd \"$MC_STYLE\"\n"
        for (number, step) in steps.enumerated() {
            let out = results.appendingPathComponent("\(number)").path
            if step.expected == nil {
                script += "set -e\n{\n\(step.script)\n} > '\(out)' 2>&1\nset +e\necho 0 > '\(out).status'\n"
            } else {
                // The status is kept, then given back to `$?`, so that a shown `echo $?` reports the command's.
                script +=
                    "{\n\(step.script)\n} > '\(out)' 2>&1 < /dev/null\nmc_doc_status=$?\necho $mc_doc_status > '\(out).status'\n(exit $mc_doc_status)\n"
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", "-c", script]
        process.currentDirectoryURL = copy
        var environment = ProcessInfo.processInfo.environment.filter {
            ["LANG", "LC_ALL", "TMPDIR", "USER"].contains($0.key)
        }
        environment["PATH"] = copy.appendingPathComponent(".build/release").path + ":/usr/local/bin:/usr/bin:/bin"
        environment["MC_STYLE"] = copy.path
        environment["HOME"] = scratch.appendingPathComponent("home").path
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()

        var failures: [Failure] = []
        for (number, step) in steps.enumerated() {
            let out = results.appendingPathComponent("\(number)")
            let output = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            guard let status = try? String(contentsOf: out.appendingPathExtension("status"), encoding: .utf8) else {
                failures.append(
                    Failure(
                        file: markdown.path, line: step.line,
                        message:
                            "`\(step.command)` failed (or did not run), so the session stopped; it printed:\n\(output)")
                )
                break
            }
            guard let expected = step.expected else { continue }
            let actual = Self.lines(output)
            if !Self.matches(actual[...], expected[...]) {
                failures.append(
                    Failure(
                        file: markdown.path, line: step.line,
                        message: """
                            `\(step.command)` (exit \(status.trimmingCharacters(in: .whitespacesAndNewlines))) printed what the block does not show.
                            shown:
                            \(expected.joined(separator: "\n"))
                            printed:
                            \(actual.joined(separator: "\n"))
                            """))
            }
        }
        return failures
    }

    private func steps() throws -> [Step] {
        var steps: [Step] = []
        for block in markdown.blocks where Self.runs(block) {
            if let path = block.filePath {
                let delimiter = "MC_STYLE_DOC_FILE_END"
                let write =
                    "mkdir -p \"$(dirname '\(path)')\" && cat > '\(path)' <<'\(delimiter)'\n\(block.text)\(delimiter)"
                steps.append(Step(line: block.line, script: write, expected: nil, command: "write \(path)"))
            } else if block.language == "sh" {
                steps.append(Step(line: block.line, script: block.text, expected: nil, command: "the sh block"))
            } else {
                steps += consoleSteps(block)
            }
        }
        return steps
    }

    private func consoleSteps(_ block: MarkdownFile.Block) -> [Step] {
        var steps: [Step] = []
        var command: [String] = []
        var commandLine = 0
        var output: [String] = []
        func finish() {
            guard !command.isEmpty else { return }
            steps.append(
                Step(
                    line: commandLine, script: command.joined(separator: "\n"), expected: output,
                    command: command.joined(separator: " ")))
            command = []
            output = []
        }
        var continued = false
        for (offset, line) in block.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .enumerated()
        {
            if continued {
                command.append(String(line))
                continued = line.hasSuffix("\\")
            } else if line.hasPrefix("$ ") {
                finish()
                commandLine = block.line + 1 + offset
                command = [String(line.dropFirst(2))]
                continued = line.hasSuffix("\\")
            } else {
                output.append(String(line))
            }
        }
        finish()
        return steps
    }

    /// The output's lines, trailing spaces dropped, without the empty line after a final newline.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether the printed lines match the shown ones, `...` standing for any run of lines.
    static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
        var expected = expected
        while expected.last == "" { expected.removeLast() }
        guard let first = expected.first else { return actual.isEmpty }
        if first == "..." {
            let rest = expected.dropFirst()
            return (actual.startIndex...actual.endIndex).contains { matches(actual[$0...], rest) }
        }
        guard let line = actual.first, line == String(first.reversed().drop { $0 == " " }.reversed()) else {
            return false
        }
        return matches(actual.dropFirst(), expected.dropFirst())
    }
}
