import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `mc-style completions`: the scripts complete subcommands, options, fixed choices and files of the right kind,
/// in the real shells (bash through its completion function, fish through `complete -C`, zsh loaded by
/// `compinit`), and every value an option takes is classified.
@Suite struct CompletionTests {
    /// Runs `shell` with `arguments` in `folder`; its standard output, or nil when the shell is not installed.
    static func run(_ shell: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String)? {
        guard
            let path = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map({ $0 + shell }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A folder with a declarations file, a style, another file and a subfolder, and the script for `shell`.
    static func project(_ shell: String) throws -> (folder: URL, script: URL) {
        let folder = try makeTemporaryFolder()
        for name in ["decl.yaml", "base.json", "notes.txt"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("_mc-style")
        let run = runTool(["completions", shell])
        #expect(run.status == 0 && !run.output.isEmpty)
        try Data(run.output.utf8).write(to: script)
        return (folder, script)
    }

    @Test func everyValueAnOptionTakesIsClassified() {
        for command in MCStyleTool.subcommands.map({ $0.spec }) {
            for option in command.options where option.valueName != nil && option.choices.isEmpty {
                let name = option.valueName ?? ""
                #expect(CompletionValue.byName[name] != nil, "\(command.name) --\(option.name) <\(name)>")
            }
            if let argument = command.arguments.first {
                #expect(CompletionValue.byName[argument.name] != nil, "\(command.name) <\(argument.name)>")
            }
        }
        #expect(runTool(["completions", "tcsh"]).status == 2)
        #expect(runTool(["completions", "bsh"]).error.contains("did you mean 'bash'?"))
    }

    @Test(arguments: [
        (["mc-style", "comp"], ["compat", "compile", "completions"]),
        (["mc-style", "validate", "--for"], ["--format"]),
        (["mc-style", "validate", "--format", "g"], ["github", "gitlab"]),
        (["mc-style", "compile", "--out", ""], ["sub"]),
        (["mc-style", "compile", ""], ["decl.yaml", "sub"]),
        (["mc-style", "compile", "--base", ""], ["base.json", "sub"]),
        (["mc-style", "validate", "--strict", ""], ["base.json", "decl.yaml", "sub"]),
        (["mc-style", "resolve", "x", "--platform", ""], ["android", "ios"]),
        (["mc-style", "completions", ""], ["bash", "fish", "zsh"]),
        (["mc-style", "zoom", "--lat", ""], []),
    ])
    func bashCompletesThroughItsCompletionFunction(words: [String], expected: [String]) throws {
        let (folder, script) = try Self.project("bash")
        defer { try? FileManager.default.removeItem(at: folder) }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program =
            "source \(script.path); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _mc_style; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try #require(try Self.run("bash", ["--norc", "--noprofile", "-c", program], in: folder))
        let offered = result.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
        #expect(result.status == 0 && offered == expected, "\(words): \(offered)")
    }

    @Test func theBashScriptIsShellcheckClean() throws {
        let (folder, script) = try Self.project("bash")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let result = try Self.run("shellcheck", ["--shell=bash", script.path], in: folder) else {
            print("skipped: shellcheck is not installed (apt-get install shellcheck); CI installs it")
            return
        }
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func fishCompletesThroughCompleteC() throws {
        let (folder, script) = try Self.project("fish")
        defer { try? FileManager.default.removeItem(at: folder) }
        func offered(_ line: String) throws -> [String]? {
            let program = "source \(script.path); complete -C '\(line)'"
            guard let result = try Self.run("fish", ["--no-config", "-c", program], in: folder) else { return nil }
            #expect(result.status == 0)
            return result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
        }
        guard let formats = try offered("mc-style validate --format g") else {
            print("skipped: fish is not installed (apt-get install fish); CI installs it")
            return
        }
        #expect(formats == ["github", "gitlab"], "\(formats)")
        #expect(try offered("mc-style comp") == ["compat", "compile", "completions"])
        #expect(try offered("mc-style compile --out ") == ["sub/"])
        #expect(try offered("mc-style compile ")?.contains("decl.yaml") == true)
        #expect(try offered("mc-style compile ")?.contains("notes.txt") == false)
        #expect(try offered("mc-style snapshot --ti")?.contains("--timeout") == true)
    }

    @Test func zshParsesTheScriptAndCompinitLoadsIt() throws {
        let (folder, script) = try Self.project("zsh")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let parsed = try Self.run("zsh", ["-n", script.path], in: folder) else {
            print("skipped: zsh is not installed (apt-get install zsh); CI installs it")
            return
        }
        #expect(parsed.status == 0)
        let program =
            "fpath=(\(folder.path) $fpath); autoload -U compinit; compinit -u -D; print -r -- ${_comps[mc-style]}"
        let loaded = try #require(try Self.run("zsh", ["-f", "-c", program], in: folder))
        #expect(loaded.output == "_mc-style\n", "\(loaded.output)")
    }
}
