import Foundation
import TestSupport
import Testing

@testable import StyleCompiler

/// Every declarations fixture: valid ones decode to their golden model, invalid ones give their expected
/// rule at their expected place.
@Suite struct DeclarationFixtureTests {
    static let environment = ["MC_STYLE_TEST_TOKEN": "fake-token-7f3a9c"]

    @Test(arguments: Fixtures.files(in: "declarations/valid"))
    func validFixtureDecodesToItsGoldenModel(fixture: URL) throws {
        let result = DeclarationsLoader(environment: Self.environment).load(path: fixture.path)
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        let declarations = try #require(result.declarations)
        let dump = DeclarationsDump.json(declarations)
        let golden = fixture.deletingPathExtension().appendingPathExtension("model.json")
        if ProcessInfo.processInfo.environment["MC_STYLE_UPDATE_GOLDEN"] == "1" {
            try Data(dump.utf8).write(to: golden)
        }
        #expect(dump == (try String(contentsOf: golden, encoding: .utf8)))
        #expect(!dump.contains("fake-token-7f3a9c"))
    }

    @Test func invalidFixturesAreEnough() {
        #expect(Fixtures.files(in: "declarations/invalid").count >= 30)
    }

    @Test(arguments: Fixtures.files(in: "declarations/invalid"))
    func invalidFixtureGivesItsRuleAtItsPlace(fixture: URL) throws {
        let expected = try #require(Fixtures.expectation(of: fixture), "the fixture's first line names its expectation")
        let (inputs, diagnostics) = CompilationInputs.load(
            declarationsPath: fixture.path, environment: Self.environment)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(inputs == nil || !errors.isEmpty)
        #expect(errors.map(\.rule) == [expected.rule], "\(errors.map(\.rule))")
        let error = try #require(errors.first)
        #expect(error.location?.file.name == expected.file.path)
        #expect(error.position == .init(line: expected.line, column: expected.column))
    }

    @Test func normalYAML11WordsStayStrings() throws {
        let fixture = Fixtures.folder("declarations/valid/norway.yaml")
        let declarations = try #require(DeclarationsLoader().load(path: fixture.path).declarations)
        #expect(declarations.sources.map(\.id) == ["NO", "y"])
        #expect(declarations.sources[0].attribution.first?.text.value == "on")
        #expect(declarations.sources[0].userAgent?.value == "Off")
    }

    @Test func environmentValuesAreSecretAndShownByName() throws {
        let fixture = Fixtures.folder("declarations/valid/environment.yaml")
        let declarations = try #require(
            DeclarationsLoader(environment: Self.environment).load(path: fixture.path).declarations)
        guard declarations.sources[0].kind.keyword == "urlTemplate",
            case .url(let template) = declarations.sources[0].kind.address
        else {
            Issue.record("expected a URL template")
            return
        }
        #expect(template.value == "https://tiles.example.com/{z}/{x}/{y}.png?token=fake-token-7f3a9c")
        #expect(template.display == "https://tiles.example.com/{z}/{x}/{y}.png?token=${MC_STYLE_TEST_TOKEN}")
        #expect(template.isSecret && template.description == template.display)
        #expect(declarations.sources[0].extraHeaders.first?.value.isSecret == true)
    }

    @Test func styleIDsAreSafeAndStable() {
        #expect(StyleID.safe("gsi hillshade/v2") == "gsi_hillshade_v2")
        #expect(StyleID.safe("名前-1_x") == "名前-1_x")
        #expect(StyleID.source("a.b") == "mc-raster-src-a_b")
        #expect(StyleID.layer("a.b") == "mc-raster-layer-a_b")
    }

    @Test func includedFilesAreListed() throws {
        let fixture = Fixtures.folder("declarations/valid/full.yaml")
        let result = DeclarationsLoader().load(path: fixture.path)
        #expect(
            result.files.map { URL(fileURLWithPath: $0.name).lastPathComponent } == ["full.yaml", "one-source.yaml"])
        #expect(result.declarations?.sources.last?.id == "included-overlay")
        #expect(result.declarations?.sources.last?.location?.file.name.hasSuffix("parts/one-source.yaml") == true)
    }

    /// A merge key whose `!include` brings a sequence of scalars: the error is placed at the scalar, in the
    /// included file, not at the `<<` that brought it.
    @Test func aBadMergeFromAnIncludedFileIsPlacedInThatFile() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("version: 1\nbase: base.json\ndefaults:\n  <<: !include part.yaml\n".utf8)
            .write(to: folder.appendingPathComponent("decl.yaml"))
        try Data("- one\n- two\n".utf8).write(to: folder.appendingPathComponent("part.yaml"))
        let result = DeclarationsLoader().load(path: folder.appendingPathComponent("decl.yaml").path)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("merge key"), "\(error.message)")
        #expect(error.location?.file.name.hasSuffix("/part.yaml") == true, "\(String(describing: error.location))")
        #expect(error.position == .init(line: 1, column: 3))
    }
}
