import StyleCompiler

/// `--format github`: GitHub Actions workflow commands, one per finding:
/// `::error file=F,line=L,col=C,title=RULE::message` (`::warning`, `::notice` for notes). Every control character of
/// a message or name is written out (`VisibleText`) before the workflow-command escaping, so that no input can end
/// the command early or reach the log as a control.
struct GitHubPrinter {
    /// Where file names are resolved from: relative to the repository, as GitHub resolves an annotation's `file`.
    var paths = RepositoryPaths()

    /// The printer for a tool run in `currentDirectory`: paths relative to its repository.
    init(currentDirectory: String) { paths = RepositoryPaths(currentDirectory: currentDirectory) }

    /// A printer that leaves paths as they are.
    init() {}

    private func shown(_ file: String) -> String { paths.shown(file) }

    func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties: [String] = []
            if let file = diagnostic.fileName {
                properties.append("file=\(Self.escapeProperty(VisibleText.escaped(shown(file))))")
            }
            if let position = diagnostic.position {
                properties.append("line=\(position.line)")
                properties.append("col=\(position.column)")
            }
            properties.append("title=\(Self.escapeProperty(diagnostic.rule))")
            // Workflow commands have no related locations: they follow the message, one per line.
            let related = diagnostic.related.map { related in
                "\n"
                    + VisibleText.escaped(
                        "\(shown(related.location.file.name)):\(related.location.position): \(related.message)")
            }.joined()
            let message = VisibleText.escaped(diagnostic.message) + related
            return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
        }.joined()
    }

    /// Workflow-command data escaping: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// Property escaping adds `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
