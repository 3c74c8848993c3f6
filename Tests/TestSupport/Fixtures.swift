import Foundation

/// The repository's fixtures and what their headers expect.
public enum Fixtures {
    /// A fixture folder, by path below `fixtures/`.
    public static func folder(_ path: String) -> URL { SharedData.repositoryFile("fixtures/" + path) }

    /// The files in a fixture folder with one of these extensions, sorted by name.
    public static func files(in path: String, extensions: [String] = ["yaml"]) -> [URL] {
        let url = folder(path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in extensions.contains { name.hasSuffix("." + $0) } }.sorted().map {
            url.appendingPathComponent($0)
        }
    }

    /// What an invalid fixture's first line says: `# expect: RULE at [FILE:]LINE:COL`, FILE relative to the
    /// fixture's folder (default: the fixture itself).
    public struct Expectation: Equatable {
        public let rule: String
        public let file: URL
        public let line: Int
        public let column: Int

        /// `path:line:column` as the tool prints it for `file`.
        public var place: String { "\(file.path):\(line):\(column)" }
    }

    public static func expectation(of fixture: URL) -> Expectation? {
        guard let text = try? String(contentsOf: fixture, encoding: .utf8),
            let first = text.split(separator: "\n", maxSplits: 1).first,
            first.hasPrefix("# expect: ")
        else { return nil }
        let words = first.dropFirst("# expect: ".count).split(separator: " ")
        guard words.count == 3, words[1] == "at" else { return nil }
        let place = words[2].split(separator: ":")
        guard place.count >= 2, let line = Int(place[place.count - 2]), let column = Int(place[place.count - 1]) else {
            return nil
        }
        let file =
            place.count == 3
            ? fixture.deletingLastPathComponent().appendingPathComponent(String(place[0])).standardizedFileURL
            : fixture
        return Expectation(rule: String(words[0]), file: file, line: line, column: column)
    }
}
