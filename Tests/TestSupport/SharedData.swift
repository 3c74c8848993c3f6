import Foundation

/// Where the workplace's shared test data (`../shared` beside the repository) lives, if it is there.
/// A fresh clone outside the workplace has none: tests that need it are skipped with a message.
public enum SharedData {
    /// The repository root, found from this file's path.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared`, or `MC_STYLE_SHARED` when set; nil when absent.
    public static let root: URL? = {
        let candidate =
            ProcessInfo.processInfo.environment["MC_STYLE_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent("corpus/styles").path)
            ? candidate : nil
    }()

    public static var isAvailable: Bool { root != nil }

    /// The note shown when a test is skipped for want of the data.
    public static let absenceNote = "../shared (the real-style corpus and conformance data) is absent: skipped"

    /// Every corpus style, sorted by name.
    public static var corpusStyles: [URL] {
        guard let root else { return [] }
        let folder = root.appendingPathComponent("corpus/styles")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A file of the repository, by path from its root.
    public static func repositoryFile(_ path: String) -> URL { repositoryRoot.appendingPathComponent(path) }
}

/// Finds the position of every `marker` (`⟦` unless given; rule examples use `↓`) in `text`, removing the markers:
/// returns the clean text and the 1-based line and column (in Unicode scalars) where each marker stood. Tests mark
/// expected positions in their inputs this way instead of counting by hand.
public func markedPositions(_ text: String, marker: Unicode.Scalar = "⟦") -> (
    text: String, positions: [(line: Int, column: Int)]
) {
    var clean = ""
    var positions: [(Int, Int)] = []
    var line = 1
    var column = 1
    var previousWasCR = false
    for scalar in text.unicodeScalars {
        if scalar == marker {
            positions.append((line, column))
            continue
        }
        clean.unicodeScalars.append(scalar)
        if scalar == "\n" {
            if !previousWasCR { line += 1 }
            column = 1
        } else if scalar == "\r" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        previousWasCR = scalar == "\r"
    }
    return (clean, positions)
}
