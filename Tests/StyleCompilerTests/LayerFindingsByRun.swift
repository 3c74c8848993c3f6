import Foundation
import LocatedJSON
import TestSupport

@testable import StyleCompiler

/// Every layer's findings from one `ValidationRun` that carries its memos from layer to layer, and from a fresh
/// run per layer: the memo tests require the two to be equal. `run` is the shared run, for its memos' counts.
struct LayerFindingsByRun {
    let shared: [[Diagnostic]]
    let fresh: [[Diagnostic]]
    let run: ValidationRun

    init(_ style: JSONNode, in files: any SourceLocator, target: Target) {
        let context = ValidationContext(style: style, files: files, target: target)
        let run = ValidationRun(context)
        shared = context.layers.indices.map { index in
            run.validate(.layer(index))
            return run.takeDiagnostics()
        }
        fresh = context.layers.indices.map { index in
            let alone = ValidationRun(context)
            alone.validate(.layer(index))
            return alone.takeDiagnostics()
        }
        self.run = run
    }

    /// The corpus styles whose shared and fresh findings differ (empty when the memos change nothing).
    static func corpusDifferences(target: Target) throws -> [String] {
        try SharedData.corpusStyles.compactMap { url in
            let document = try JSONParser().parse(
                SourceFiles().add(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
            let findings = LayerFindingsByRun(document.root, in: document, target: target)
            return findings.shared == findings.fresh ? nil : url.lastPathComponent
        }
    }
}
