import StyleCompiler

/// `--format github`: GitHub Actions workflow commands, one per finding:
/// `::error file=F,line=L,col=C,title=RULE::message` (`::warning`, `::notice` for notes). Every control character of
/// a message or name is written out (`VisibleText`) before the workflow-command escaping, so that no input can end
/// the command early or reach the log as a control.
struct GitHubPrinter {
    /// The repository's folder (the nearest above the working folder holding `.git`), to which GitHub resolves an
    /// annotation's `file`; nil leaves paths as they are.
    var repositoryRoot: String? = nil
    /// The folder relative paths are relative to.
    var currentDirectory = "."

    /// The printer for a tool run in `currentDirectory`: paths relative to its repository.
    init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
        self.repositoryRoot = ProjectFolder(declarationsPath: FilePaths.join(currentDirectory, "mc-style.yaml"))?.path
    }

    /// A printer that leaves paths as they are.
    init() {}

    /// `file` relative to the repository when it lies inside it, else as it is.
    private func shown(_ file: String) -> String {
        guard let repositoryRoot else { return file }
        let relative = FilePaths.relativePath(from: repositoryRoot, to: FilePaths.join(currentDirectory, file))
        return relative.hasPrefix("../") || relative == ".." || relative.hasPrefix("/") ? file : relative
    }

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
