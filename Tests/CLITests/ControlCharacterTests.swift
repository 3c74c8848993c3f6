import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Input text with control characters (an escape that would set the terminal's title, a line break that would forge
/// a GitHub annotation) reaches no output as a control: every format's printer writes them out.
@Suite struct ControlCharacterTests {
    static let hostile = "bad\u{1B}]0;owned\u{07}\n::error file=forged::x"

    private func style(in folder: URL, named name: String, id: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let escaped = String(decoding: try JSONEncoder().encode(id), as: UTF8.self)
        try Data(
            #"{"version": 8, "sources": {}, "layers": [{"id": \#(escaped), "type": \#(escaped)}]}"#.utf8
        ).write(to: url)
        return url
    }

    private func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
            || text.split(separator: "\n").contains { $0.hasPrefix("::error file=forged") }
    }

    @Test func validateInEveryFormatAndDiffWriteControlsOut() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try style(in: folder, named: "old.json", id: Self.hostile)
        let new = try style(in: folder, named: "new.json", id: Self.hostile + "2")
        for format in ["text", "github"] {
            let run = runTool(["validate", "--format", format, "--target", "maplibre", old.path])
            #expect(!hasRawControls(run.output + run.error), "validate --format \(format): \(run.output)")
            #expect(run.output.contains("owned"), "the value is shown, written out")
        }
        for format in ["text", "markdown"] {
            let run = runTool(["diff", "--format", format, old.path, new.path])
            #expect(run.status == 1)
            #expect(!hasRawControls(run.output + run.error), "diff --format \(format): \(run.output)")
        }
    }
}
