import LocatedJSON
import StyleSpec

extension Diagnostic {
    /// An expression error as a finding (rule `style.expression`) under `path`, at the node it names (placed
    /// through `files`).
    public init(_ error: ExpressionError, under path: JSONPath = .root, in files: any SourceLocator) {
        var full = path
        for index in error.key { full.append(.index(index)) }
        let related = files.location(of: error.offending).map { [Related("the value at fault", at: $0)] } ?? []
        self.init(.styleExpression, error.message, at: files.location(of: error.node), path: full, related: related)
    }
}
