import Foundation
import StyleCompiler
import StyleRuntime
import TestSupport
import Testing

@testable import MCStyleCLI

/// Inputs built to exhaust time or memory, and small lies (issue 37, items 4, 6 and 14).
@Suite struct HostileInputTests {
    private func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Item 6: aliases of large scalars are counted by the bytes they copy: a 4 MB anchor used 400 times, and a
    /// 100 KB attribution merged into 20,001 sources, stop at a located error.
    @Test func aliasesOfLargeScalarsStopAtTheByteBudget() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(#"{"version": 8, "sources": {}, "layers": []}"#, "b.json", in: folder)
        var big = "version: 1\nbase: b.json\nanchor: &b " + String(repeating: "x", count: 4_000_000) + "\nsources:\n"
        for _ in 0..<400 { big += "  - id: *b\n" }
        let bigFile = try write(big, "big.yaml", in: folder)
        var merged =
            "version: 1\nbase: b.json\nsrc: &src {urlTemplate: 'https://t.example.com/{z}/{x}/{y}.png', attribution: '"
            + String(repeating: "a", count: 100_000) + "'}\nsources:\n"
        for index in 0..<20_001 { merged += "  - {<<: *src, id: s\(index)}\n" }
        let mergedFile = try write(merged, "merged.yaml", in: folder)
        for (file, place) in [(bigFile, "big.yaml:20:9: error: "), (mergedFile, "merged.yaml:674:10: error: ")] {
            let run = runTool(["compile", file.path, "--out", folder.appendingPathComponent("out").path])
            #expect(run.status == 1)
            #expect(
                run.error.contains(
                    place + "the document expands to more than 64 MiB of text (aliases are copied where they are used)"),
                "\(run.error.prefix(300))")
            #expect(run.error.contains("[yaml.alias-budget]"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// Item 6: the outputs have a bound too: a compile whose files would pass it writes nothing.
    @Test func outputsHaveABound() throws {
        var job = CompileJob(declarationsPath: Fixtures.folder("demo/mc-style.yaml").path)
        job.maximumOutputSize = 10_000
        let (files, diagnostics) = job.run()
        #expect(files == nil)
        #expect(
            diagnostics.contains {
                $0.rule == "limits.output"
                    && $0.message.hasSuffix("more than the limit of 10000 bytes: nothing is written")
            })
        #expect(CompileJob(declarationsPath: Fixtures.folder("demo/mc-style.yaml").path).run().files != nil)
    }

    /// Item 4: a key echoed with JSON escapes is the same key: `validate` reports it, `redact --check` finds it and
    /// `redact` replaces it.
    @Test func redactComparesDecodedStrings() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = try write(
            #"{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://api.tomtom.com/{z}/{x}/{y}.pbf?key=\u0075\u0038Qm4Zt9Xw2Lp7Rv"]}}, "layers": []}"#,
            "style.json", in: folder)
        #expect(runTool(["validate", style.path]).output.contains("[secret.literal-key]"))
        let check = runTool(["redact", "--check", style.path])
        #expect(check.status == 1, "\(check.output)\(check.error)")
        #expect(runTool(["redact", style.path]).status == 0)
        let redacted = try String(contentsOf: style, encoding: .utf8)
        #expect(redacted.contains("?key={key}") && !redacted.contains("Qm4Zt9"), "\(redacted)")
        #expect(runTool(["redact", "--check", style.path]).status == 0)
    }

    /// Item 14: the smaller truths.
    @Test func smallerInputTruths() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(#"{"version": 8, "sources": {}, "layers": []}"#, "b.json", in: folder)
        // Two merge keys in one mapping.
        let twoMerges = try write(
            """
            version: 1
            base: b.json
            a: &a {opacity: 0.5}
            b: &b {tileSize: 256}
            sources:
              - {<<: *a, <<: *b, id: x, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png"}
            """, "merges.yaml", in: folder)
        let merges = runTool(["validate", twoMerges.path])
        #expect(
            merges.output.contains("merges.yaml:6:14: error: a second merge key '<<' in one mapping"),
            "\(merges.output)")
        // Ids that differ only in case.
        let cased = try write(
            """
            version: 1
            base: b.json
            sources:
              - {id: Abc, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png"}
              - {id: abc, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png"}
            """, "case.yaml", in: folder)
        let caseRun = runTool(["validate", cased.path])
        #expect(
            caseRun.output.contains("case.yaml:5:10: error: source ids 'Abc' and 'abc' differ only in case"),
            "\(caseRun.output)")
        // UTF-32 is named UTF-32.
        var utf32 = Data([0xFF, 0xFE, 0x00, 0x00])
        for scalar in "version: 1\n".unicodeScalars { utf32 += Data([UInt8(scalar.value), 0, 0, 0]) }
        try utf32.write(to: folder.appendingPathComponent("utf32.yaml"))
        let encoding = runTool(["validate", folder.appendingPathComponent("utf32.yaml").path])
        #expect(
            encoding.output.contains("the file is UTF-32 (little-endian): mc-style reads UTF-8 only"),
            "\(encoding.output)")
        // `--opacity x=0x1` is not the number 1.
        let compiled = folder.appendingPathComponent("compiled")
        #expect(runTool(["compile", Fixtures.folder("demo/mc-style.yaml").path, "--out", compiled.path]).status == 0)
        let hex = runTool(["resolve", compiled.path, "--opacity", "contours=0x1", "--platform", "ios"])
        #expect(
            hex.status == 2 && hex.error.contains("--opacity: 'contours=0x1': the value is not a number"),
            "\(hex.error)"
        )
        // A NUL in a manifest's path is refused, not cut.
        let manifest = try String(contentsOf: compiled.appendingPathComponent("manifest.json"), encoding: .utf8)
            .replacing("\"path\": \"style.json\"", with: "\"path\": \"style.json\\u0000.txt\"")
        #expect(
            throws: RuntimeError(
                .manifest, "manifest.json: \"variants[0].style.path\" is not a relative path inside the compiled folder"
            )
        ) {
            try CompiledStyle(style: [], layerMapping: nil, manifest: Array(manifest.utf8))
        }
    }
}
