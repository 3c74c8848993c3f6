import Foundation

/// A fresh temporary folder inside this repository (under `.build/test-projects/`), so that declarations written
/// there may name the repository's shipped styles: they are inside the same project (the repository's `.git`
/// is above both). The caller removes it (`defer { try? FileManager.default.removeItem(at: folder) }`).
public func makeTemporaryFolder() throws -> URL {
    let url = SharedData.repositoryRoot.appendingPathComponent(".build/test-projects/\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A fresh temporary folder in the system's temporary folder, outside any project: declarations there may read
/// only what is inside it. The caller removes it.
public func makeStandaloneTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mc-style-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
