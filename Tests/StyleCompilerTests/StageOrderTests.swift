import Foundation
import Testing
import TestSupport

/// The compiler's folders are its stages, and dependencies run one way: a file may use types of its own
/// folder and of the folders before it, never of a later one. Diagnostics (with masking and credentials) and
/// the document walk are at the bottom; `Pipeline` strings the stages together at the top.
@Suite struct StageOrderTests {
    static let stages = ["Diagnostics", "Document", "Read", "Declarations", "Validate", "Compose", "Emit", "Pipeline"]

    @Test func dependenciesRunOneWay() throws {
        let root = SharedData.repositoryFile("Sources/StyleCompiler")
        var files: [(stage: String, path: String, text: String)] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let stage = String(path.split(separator: "/").first ?? "")
            files.append((stage, path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)))
        }
        #expect(Set(files.map(\.stage)) == Set(Self.stages), "every folder of the compiler is a stage, and every stage exists")
        var declaredIn: [String: String] = [:]
        let declaration = /(?m)^(?:public |internal |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol|typealias) (\w+)/
        for file in files {
            for match in file.text.matches(of: declaration) { declaredIn[String(match.1)] = file.stage }
        }
        #expect(declaredIn.count > 50)
        for file in files {
            let rank = Self.stages.firstIndex(of: file.stage) ?? 0
            let code = file.text.replacing(/\/\/[^\n]*/, with: "").replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
            let used = Set(code.matches(of: /\b[A-Z]\w+\b/.wordBoundaryKind(.simple)).map { String($0.0) })
            for name in used.sorted() {
                guard let stage = declaredIn[name], let other = Self.stages.firstIndex(of: stage) else { continue }
                #expect(other <= rank, "\(file.path) uses \(name) of the later stage \(stage)")
            }
        }
    }
}
