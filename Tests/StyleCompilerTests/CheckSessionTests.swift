import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// The one check session every surface runs: the configuration found and gating, the findings configured and
/// masked as they are pushed, the baseline applied to the outcome, and the folders output may not replace.
@Suite struct CheckSessionTests {
    static let secret = "sk-live-7f3a9c2e1b"
    /// A style with one finding of a rule a team may turn off: a key given twice.
    static let duplicated = #"{"version": 8, "version": 8, "sources": {}, "layers": []}"#

    /// A folder holding `files` (name -> text), marked as a repository root so no configuration above it is found.
    static func project(_ files: [String: String]) throws -> URL {
        let folder = try makeStandaloneTemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static func session(_ folder: URL, baseline: String? = nil, apiKey: String? = nil) -> CheckSession {
        CheckSession(
            CheckRequest(
                build: BuildOptions(targetOverride: .maplibre),
                configuration: .search(from: folder.path, displayFolder: nil),
                baselinePath: baseline, apiKey: apiKey))
    }

    @Test func aConfigurationWithErrorsStopsTheSessionBeforeAnythingIsChecked() throws {
        let folder = try Self.project([
            ".mc-style.yaml": "version: 1\nrules:\n  json.duplicate-key: sometimes\n", "style.json": Self.duplicated,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = Self.session(folder)
        session.validate([folder.appendingPathComponent("style.json").path])
        #expect(session.isStopped)
        #expect(session.configurationPath == folder.appendingPathComponent(".mc-style.yaml").path)
        #expect(!session.findings.isEmpty)
        #expect(session.findings.allSatisfy { $0.fileName?.hasSuffix(".mc-style.yaml") ?? false })
        #expect(session.compile(declarationsPath: nil).files == nil)
    }

    @Test func theFoundConfigurationAppliesToEveryFindingPushed() throws {
        let folder = try Self.project([
            ".mc-style.yaml": "version: 1\nrules:\n  json.duplicate-key: off\n", "style.json": Self.duplicated,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = Self.session(folder)
        session.validate([folder.appendingPathComponent("style.json").path])
        #expect(!session.isStopped)
        #expect(session.findings.isEmpty)
        // Pushed by hand: the same settings.
        session.report([Diagnostic(.jsonDuplicateKey, "duplicate key", at: nil, fileName: "x.json")])
        #expect(session.findings.isEmpty)
    }

    @Test func theBaselineHoldsBackWhatItRecordedAndNamesWhatNoLongerMatches() throws {
        let folder = try Self.project(["style.json": Self.duplicated])
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.json").path
        let baseline = folder.appendingPathComponent("baseline.json").path
        var recording = Self.session(folder)
        recording.validate([style])
        #expect(recording.findings.map(\.rule) == ["json.duplicate-key"])
        guard case .written(let entries) = recording.writeBaseline(to: baseline) else {
            Issue.record("the baseline was not written")
            return
        }
        #expect(entries == 1)
        var held = Self.session(folder, baseline: baseline)
        held.validate([style])
        let outcome = held.outcome()
        #expect(outcome.heldBack == 1)
        #expect(outcome.findings.isEmpty)
        // Once the style is fixed, the entry is stale.
        try Data(#"{"version": 8, "sources": {}, "layers": []}"#.utf8).write(to: URL(fileURLWithPath: style))
        var fixed = Self.session(folder, baseline: baseline)
        fixed.validate([style])
        #expect(fixed.outcome().findings.map(\.rule) == ["baseline.stale"])
        #expect(!fixed.outcome().fails())
    }

    @Test func errorsABaselineCannotHoldStopItBeingWritten() throws {
        let folder = try Self.project(["style.json": "{\"version\": 8,"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = Self.session(folder)
        session.validate([folder.appendingPathComponent("style.json").path])
        let path = folder.appendingPathComponent("baseline.json").path
        guard case .blocked(let blocking) = session.writeBaseline(to: path) else {
            Issue.record("a syntax error was recorded in a baseline")
            return
        }
        #expect(blocking.map(\.rule) == ["json.syntax"])
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theAPIKeyIsMaskedInEveryFindingAndLine() throws {
        let folder = try Self.project([
            "style.json": #"{"version": 8, "sources": {}, "layers": [], "\#(Self.secret)": 1}"#
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = Self.session(folder, apiKey: Self.secret)
        session.validate([folder.appendingPathComponent("style.json").path])
        #expect(!session.findings.isEmpty)
        #expect(session.findings.allSatisfy { !$0.message.contains(Self.secret) })
        #expect(!session.masked("key=\(Self.secret)").contains(Self.secret))
    }

    @Test func outputMayNotReplaceTheWorkingFolderNorTheFolderOfAnyInput() {
        let session = CheckSession(CheckRequest(build: BuildOptions()))
        #expect(
            session.protectedFolders(
                currentDirectory: "/work/app", readPaths: ["maps/mc-style.yaml", "/styles/base.json"])
                == ["/work/app", "/work/app/maps", "/styles"])
    }
}
