import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `validate --format gitlab`: GitLab's Code Quality report, checked against the fields GitLab documents
/// (description, check_name, fingerprint, severity, location.path, location.lines.begin), with fingerprints that
/// stay when lines move and never repeat, and paths relative to the repository.
@Suite struct GitLabReportTests {
    static let style =
        #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background", "paint": {"background-opacity": 7}}, {"id": "a", "type": "background"}, {"id": "a", "type": "background"}]}"#

    /// A repository (a folder holding `.git`) with the style at `styles/style.json`, less `prefix` lines above it.
    static func repository(prefix: String = "") throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let styles = folder.appendingPathComponent("styles")
        try FileManager.default.createDirectory(at: styles, withIntermediateDirectories: true)
        try Data((prefix + style).utf8).write(to: styles.appendingPathComponent("style.json"))
        return folder
    }

    static func issues(_ run: ToolRun) throws -> [[String: Any]] {
        let parsed = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
        return try #require(parsed as? [[String: Any]], "\(run.output)")
    }

    @Test func eachIssueHasTheDocumentedFieldsAndNothingElse() throws {
        let folder = try Self.repository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("styles/style.json").path
        let run = runTool(["validate", "--target", "maplibre", "--format", "gitlab", style], in: folder.path)
        #expect(run.status == 1)
        let issues = try Self.issues(run)
        #expect(issues.count == 3, "\(run.output)")
        for issue in issues {
            #expect(Set(issue.keys) == ["description", "check_name", "fingerprint", "severity", "location"])
            #expect((issue["description"] as? String)?.isEmpty == false)
            #expect(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
            let location = try #require(issue["location"] as? [String: Any])
            #expect(Set(location.keys) == ["path", "lines"])
            #expect(location["path"] as? String == "styles/style.json")
            let begin = try #require((location["lines"] as? [String: Any])?["begin"] as? Int)
            #expect(begin == 1)
        }
        let rules = issues.compactMap { $0["check_name"] as? String }
        #expect(rules.filter { $0 == "style.layer.duplicate-id" }.count == 2, "\(rules)")
        #expect(issues.contains { $0["severity"] as? String == "major" })
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == 3 && fingerprints.allSatisfy { $0.count == 64 })
    }

    @Test func fingerprintsStayWhenLinesMoveAndPathsAreTheRepositorys() throws {
        let first = try Self.repository()
        let moved = try Self.repository(prefix: "\n\n\n")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: moved)
        }
        let before = try Self.issues(
            runTool(
                ["validate", "--target", "maplibre", "--format", "gitlab", first.path + "/styles/style.json"],
                in: first.path))
        // Run from inside the styles folder: the path GitLab sees is still the repository's.
        let after = try Self.issues(
            runTool(
                ["validate", "--target", "maplibre", "--format", "gitlab", moved.path + "/styles/style.json"],
                in: moved.appendingPathComponent("styles").path))
        #expect(before.count == 3 && after.count == 3)
        #expect(before.map { $0["fingerprint"] as? String } == after.map { $0["fingerprint"] as? String })
        let lines = after.compactMap {
            (($0["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int
        }
        #expect(lines == [4, 4, 4])
        #expect(after.allSatisfy { ($0["location"] as? [String: Any])?["path"] as? String == "styles/style.json" })
    }

    @Test func aCleanRunIsAnEmptyReport() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("clean.json")
        try Data(#"{"version": 8, "sources": {}, "layers": []}"#.utf8).write(to: style)
        let run = runTool(["validate", "--target", "maplibre", "--format", "gitlab", style.path])
        #expect(run.status == 0)
        #expect(try Self.issues(run).isEmpty)
    }
}
