import Foundation

/// A fresh temporary folder; the caller removes it (`defer { try? FileManager.default.removeItem(at: folder) }`).
public func makeTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mc-style-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
