import Foundation
import TestSupport
import Testing

/// StyleRuntime is what an iOS app links next to the TomTom SDK: its dependency closure, as SwiftPM itself
/// reads Package.swift, must hold neither libyaml nor the compiler.
@Suite struct DependencyClosureTests {
    @Test func styleRuntimeLinksNeitherLibyamlNorTheCompiler() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mc-style-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", SharedData.repositoryRoot.path, "--scratch-path", scratch.path,
            "dump-package",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package failed")
        let package = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(package["targets"] as? [[String: Any]])
        var dependencies: [String: [String]] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            let listed = (target["dependencies"] as? [[String: Any]]) ?? []
            dependencies[name] = listed.compactMap { entry in
                ((entry["byName"] ?? entry["target"] ?? entry["product"]) as? [Any])?.first as? String
            }
        }
        var closure: Set<String> = []
        var pending = ["StyleRuntime"]
        while let next = pending.popLast() {
            for dependency in dependencies[next] ?? [] where closure.insert(dependency).inserted {
                pending.append(dependency)
            }
        }
        #expect(!closure.isEmpty, "StyleRuntime depends on LocatedJSON at least")
        #expect(closure.isSubset(of: ["LocatedJSON", "StyleMath", "CSHA256"]), "\(closure.sorted())")
        for forbidden in ["CYAML", "YAMLReader", "StyleCompiler", "CAtomicSwap", "MCStyleCLI"] {
            #expect(!closure.contains(forbidden))
        }
    }
}
