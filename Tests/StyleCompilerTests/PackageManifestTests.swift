import Foundation
import TestSupport
import Testing

/// What the package manifest must keep so that app teams can depend on it.
@Suite struct PackageManifestTests {
    @Test func theManifestHasNoUnsafeFlags() throws {
        // SwiftPM refuses a package whose targets use unsafe flags as a versioned dependency ("the target
        // 'mc-style' in product 'MCStylePlugin' contains unsafe build flags"), and a versioned dependency is how
        // an app team takes the build plugin. Linker flags belong in the install command (README).
        let manifest = try String(contentsOf: SharedData.repositoryFile("Package.swift"), encoding: .utf8)
        let code = manifest.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        #expect(!code.contains { $0.contains("unsafeFlags") })
        #expect(code.contains { $0.contains(".plugin(name: \"MCStylePlugin\"") })
    }
}
