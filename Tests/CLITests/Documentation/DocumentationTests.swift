import Foundation
import LocatedJSON
import StyleCompiler
import TestSupport
import Testing
import YAMLReader

/// The manual (`README.md`, `docs/*.md` and the DocC catalogs' pages) is tested as code: every fenced block is run, parsed or compiled
/// unless it is marked `illustrative`; the generated parts are fresh; every relative link and anchor resolves.
@Suite struct DocumentationTests {
    /// README.md, then docs/*.md by name.
    static let files: [MarkdownFile] = {
        var paths = ["README.md"]
        let docs = SharedData.repositoryFile("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        paths += names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        // The libraries' DocC catalogs: their articles' code compiles in tests too.
        for module in ["LocatedJSON", "StyleCompiler", "StyleMath", "StyleRuntime", "StyleSpec"] {
            let catalog = "Sources/\(module)/\(module).docc"
            let articles =
                (try? FileManager.default.contentsOfDirectory(atPath: SharedData.repositoryFile(catalog).path)) ?? []
            paths += articles.filter { $0.hasSuffix(".md") }.sorted().map { catalog + "/" + $0 }
        }
        return paths.compactMap { path in
            (try? String(contentsOf: SharedData.repositoryFile(path), encoding: .utf8)).map {
                MarkdownFile(path: path, text: $0)
            }
        }
    }()

    @Test func theReadmeIsShortAndTheDocsAreThere() throws {
        let readme = try #require(Self.files.first { $0.path == "README.md" })
        let lines = readme.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 400, "README.md has \(lines) lines")
        for name in [
            "getting-started", "declarations", "commands", "rules", "app-integration", "build-integration", "ci",
            "configuration", "architecture",
        ] {
            #expect(Self.files.contains { $0.path == "docs/\(name).md" }, "docs/\(name).md is missing")
        }
    }

    /// The manual describes the tool, not its development: no "round", no benchmark machine (in its prose; a
    /// style's `"line-cap": "round"` in an example is the style's).
    @Test func theDocsTellNoDevelopmentHistory() {
        for file in Self.files where file.path.hasPrefix("docs/") {
            var inBlock = false
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("```") { inBlock.toggle() }
                if inBlock { continue }
                let lower = line.lowercased()
                #expect(lower.firstMatch(of: /\brounds?\b/) == nil, "\(file.path):\(number + 1) says round: \(line)")
                #expect(
                    !lower.contains("two-core") && !lower.contains("virtual machine"),
                    "\(file.path):\(number + 1): \(line)")
            }
        }
    }

    /// Every block is run (sh, console), written and used (`file=`), parsed (yaml, json), compiled (swift, as a
    /// test source), generated (checked by `generatedPartsAreFresh`), or marked illustrative, which is counted.
    @Test func everyBlockIsCheckedOrMarkedIllustrative() throws {
        var illustrative: [String] = []
        var counts: [String: Int] = [:]
        let tests = try Self.testSources()
        for file in Self.files {
            for block in file.blocks {
                let place = "\(file.path):\(block.line)"
                if block.isIllustrative {
                    illustrative.append(place)
                    continue
                }
                if block.isGenerated {
                    counts["generated", default: 0] += 1
                    continue
                }
                if DocumentationSession.runs(block) {
                    counts[block.filePath == nil ? "run" : "written", default: 0] += 1
                }
                switch block.language {
                case "sh", "console": continue
                case "swift":
                    let lines = Self.significantLines(block.text)
                    #expect(
                        tests.contains { $0.contains(lines) },
                        "\(place): a Swift block that no test compiles:\n\(block.text)")
                    counts["compiled", default: 0] += 1
                case "yaml":
                    do {
                        _ = try YAMLReader(includeHandler: { _, location in JSONNode(.null, location: location) }).read(
                            block.text, name: place)
                    } catch {
                        Issue.record("\(place): the YAML block does not parse: \(error)")
                    }
                    counts["parsed", default: 0] += 1
                case "json":
                    do {
                        _ = try JSONParser().parse(block.text, name: place)
                    } catch {
                        Issue.record("\(place): the JSON block does not parse: \(error)")
                    }
                    counts["parsed", default: 0] += 1
                default:
                    if block.filePath == nil {
                        Issue.record(
                            "\(place): a ```\(block.language) block that nothing checks: mark it illustrative or make it checkable"
                        )
                    }
                }
            }
        }
        print(
            "documentation blocks: "
                + counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                + ", \(illustrative.count) illustrative (skipped): " + illustrative.joined(separator: ", "))
        #expect((counts["run"] ?? 0) > 10)
    }

    @Test(arguments: files.filter { $0.blocks.contains(where: DocumentationSession.runs) }.map(\.path))
    func theCommandsRunAndPrintWhatTheyShow(_ path: String) throws {
        let markdown = try #require(Self.files.first { $0.path == path })
        var session = DocumentationSession(markdown: markdown)
        let failures = try session.run()
        for failure in failures { Issue.record("\(failure)") }
        #expect(session.commandCount > 0)
    }

    /// Each generated region holds what `DocumentationReference` makes now; `MC_STYLE_UPDATE_GOLDEN=1` rewrites them.
    @Test func generatedPartsAreFresh() throws {
        let updating = ProcessInfo.processInfo.environment["MC_STYLE_UPDATE_GOLDEN"] == "1"
        for region in DocumentationReference.regions {
            let url = SharedData.repositoryFile(region.file)
            let file = MarkdownFile(path: region.file, text: try String(contentsOf: url, encoding: .utf8))
            guard let current = file.region(region.name) else {
                Issue.record(
                    "\(region.file) lacks the generated region '\(region.name)' (\(MarkdownFile.regionStart(region.name)))"
                )
                continue
            }
            if current == region.content { continue }
            if updating, let text = file.replacingRegion(region.name, with: region.content) {
                try Data(text.utf8).write(to: url)
                continue
            }
            Issue.record("\(region.file): the generated region '\(region.name)' is stale: run .ci/update_goldens.sh")
        }
    }

    /// The figures in benchmarks/README.md are `benchmarks/run.sh --write`'s: its table has a row for exactly the
    /// workloads and tools `benchmarks/run.py` measures, in its order (the figures themselves are a machine's).
    @Test func theBenchmarkTableHasRunPysWorkloads() throws {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(
                where: FileManager.default.isExecutableFile(atPath:))
        else {
            print("python3 is absent: the benchmark table's workloads are not checked")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [SharedData.repositoryFile("benchmarks/run.py").path, "--list"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let listed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let readme = MarkdownFile(
            path: "benchmarks/README.md",
            text: try String(contentsOf: SharedData.repositoryFile("benchmarks/README.md"), encoding: .utf8))
        let region = try #require(readme.region("benchmark table"), "benchmarks/README.md lacks its generated table")
        let rows = region.split(separator: "\n").filter { $0.hasPrefix("| (") || $0.hasPrefix("| start-up") }.map {
            row in
            row.split(separator: "|").prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " | ")
        }
        #expect(rows == listed.split(separator: "\n").map(String.init), "run benchmarks/run.sh --write")
    }

    /// Relative links lead to files that exist, and anchors to headings that exist.
    @Test func everyRelativeLinkResolves() {
        let byPath = Dictionary(Self.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for file in Self.files {
            let folder = file.path.split(separator: "/").dropLast().joined(separator: "/")
            for link in file.links where !link.target.contains("://") && !link.target.hasPrefix("mailto:") {
                let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let target =
                    parts[0].isEmpty ? file.path : Self.normalized(folder.isEmpty ? parts[0] : folder + "/" + parts[0])
                let place = "\(file.path):\(link.line): \(link.target)"
                var isFolder: ObjCBool = false
                guard
                    FileManager.default.fileExists(
                        atPath: SharedData.repositoryFile(target).path, isDirectory: &isFolder)
                else {
                    Issue.record("\(place): no file \(target)")
                    continue
                }
                guard parts.count == 2 else { continue }
                guard let linked = byPath[target] else {
                    Issue.record("\(place): an anchor into a file that is not part of the manual")
                    continue
                }
                #expect(linked.anchors.contains(parts[1]), "\(place): \(target) has no heading for #\(parts[1])")
            }
        }
    }

    /// `docs/../README.md` -> `README.md`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// `mc-style --version` is the CHANGELOG's latest release, and the manual pages' date is that release's.
    @Test func theVersionIsTheChangelogs() throws {
        let changelog = try String(contentsOf: SharedData.repositoryFile("CHANGELOG.md"), encoding: .utf8)
        let latest = try #require(changelog.firstMatch(of: /\n## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})\n/))
        #expect(String(latest.1) == ToolVersion.current)
        #expect(String(latest.2) == ToolVersion.releaseDate)
    }

    /// Swift test sources and the plugin consumer's, each as its significant lines (see `significantLines`).
    static func testSources() throws -> [String] {
        var sources: [String] = []
        for folder in ["Tests", "fixtures/plugin-consumer", ".ci/package-use"] {
            let enumerator = FileManager.default.enumerator(atPath: SharedData.repositoryFile(folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".build") { enumerator?.skipDescendants() }
                guard path.hasSuffix(".swift") else { continue }
                sources.append(
                    significantLines(
                        try String(contentsOf: SharedData.repositoryFile(folder + "/" + path), encoding: .utf8)))
            }
        }
        return sources
    }

    /// The text without its imports and without white space: a block stands in a test when this does, however
    /// `swift format` breaks and indents its lines.
    static func significantLines(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") }
            .joined().filter { !$0.isWhitespace }
    }
}
