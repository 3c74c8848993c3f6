import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// Reading the declarations and the bases they name: whatever the order and form in which the file names its
/// bases, every base is read once and the result is the same.
@Suite struct CompilationInputsTests {
    private static let style = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#

    /// A folder with `light.json` and `dark.json`, and `mc-style.yaml` holding `declarations`.
    private func load(_ declarations: String) throws -> (
        inputs: CompilationInputs?, diagnostics: [Diagnostic], folder: URL
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mc-style-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["light.json", "dark.json"] {
            try Data(Self.style.utf8).write(to: folder.appendingPathComponent(name))
        }
        let path = folder.appendingPathComponent("mc-style.yaml")
        try Data(declarations.utf8).write(to: path)
        let (inputs, diagnostics) = CompilationInputs.load(declarationsPath: path.path, environment: [:])
        return (inputs, diagnostics, folder)
    }

    private static let sources = (0..<50).map {
        "  - {id: s\($0), urlTemplate: \"https://t.example.com/\($0)/{z}/{x}/{y}.png\"}"
    }
    .joined(separator: "\n")

    @Test func aBaseNamedFirstLastOrByAMergeKeyIsReadOnce() throws {
        let forms = [
            "version: 1\nbase: light.json\nsources:\n\(Self.sources)\n",
            "version: 1\nsources:\n\(Self.sources)\nbase: light.json\n",
            "version: 1\n<<: {base: light.json}\nsources:\n\(Self.sources)\n",
        ]
        for form in forms {
            let (inputs, diagnostics, folder) = try load(form)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(!diagnostics.containsErrors, "\(diagnostics.map(\.message))")
            #expect(inputs?.variants.map(\.name) == [BaseVariant.defaultName])
            #expect(inputs?.base.file.name == folder.appendingPathComponent("light.json").path)
            #expect(inputs?.declarations.sources.count == 50)
            // The declarations file, then its one base, each listed once.
            #expect(inputs?.files.count == 2)
        }
    }

    @Test func variantsNamingOneFileShareItsParse() throws {
        let (inputs, diagnostics, folder) = try load(
            "version: 1\nbases: {light: light.json, dark: dark.json, again: light.json}\nsources:\n\(Self.sources)\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!diagnostics.containsErrors, "\(diagnostics.map(\.message))")
        #expect(inputs?.variants.map(\.name) == ["light", "dark", "again"])
        #expect(
            inputs?.variants.map { URL(fileURLWithPath: $0.base.file.name).lastPathComponent } == [
                "light.json", "dark.json", "light.json",
            ])
        // Two variants naming one file share its parse.
        #expect(inputs.map { $0.variants[0].base.file === $0.variants[2].base.file } == true)
    }

    @Test func aMissingBaseOrDeclarationsFileEndsWithADiagnosticNotAWait() throws {
        let (inputs, diagnostics, folder) = try load("version: 1\nbase: absent.json\nsources:\n\(Self.sources)\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(inputs == nil)
        #expect(diagnostics.map(\.rule) == ["io.read"])
        #expect(diagnostics.first?.position?.line == 2)

        let (noBase, noBaseDiagnostics, otherFolder) = try load("version: 1\nsources:\n\(Self.sources)\n")
        defer { try? FileManager.default.removeItem(at: otherFolder) }
        #expect(noBase == nil)
        #expect(noBaseDiagnostics.map(\.rule) == ["decl.missing-key"])

        let (unreadable, unreadableDiagnostics) = CompilationInputs.load(
            declarationsPath: otherFolder.appendingPathComponent("none.yaml").path, environment: [:])
        #expect(unreadable == nil)
        #expect(unreadableDiagnostics.map(\.rule) == ["io.read"])
    }
}
