import Foundation
import LocatedJSON
import TestSupport

@testable import StyleSpec

/// Every layer's findings from one `SpecValidationRun` that carries its memos from layer to layer, and from a fresh
/// run per layer: the memo tests require the two to be equal. `run` is the shared run, for its memos' counts.
struct LayerFindingsByRun {
    let shared: [[SpecFinding]]
    let fresh: [[SpecFinding]]
    let run: SpecValidationRun

    init(_ style: JSONNode, in files: any SourceLocator) {
        let context = SpecValidationContext(style: style, files: files)
        let run = SpecValidationRun(context)
        shared = context.layers.indices.map { index in
            run.validateLayer(context.layers[index], index: index)
            return run.takeFindings()
        }
        fresh = context.layers.indices.map { index in
            let alone = SpecValidationRun(context)
            alone.validateLayer(context.layers[index], index: index)
            return alone.takeFindings()
        }
        self.run = run
    }

    /// The corpus styles whose shared and fresh findings differ (empty when the memos change nothing).
    static func corpusDifferences() throws -> [String] {
        try SharedData.corpusStyles.compactMap { url in
            let document = try JSONParser().parse(
                SourceFiles().add(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
            let findings = LayerFindingsByRun(document.root, in: document)
            return findings.shared == findings.fresh ? nil : url.lastPathComponent
        }
    }
}
