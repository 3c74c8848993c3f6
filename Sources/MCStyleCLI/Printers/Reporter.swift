import LocatedJSON
import StyleCompiler

/// What a reporter is given: the run's findings and the views of them a reader asked for.
struct FindingReport {
    /// Every finding of the run: counts, the summary and the exit status come from these.
    var all: [Diagnostic]
    /// Those shown (`--quiet` leaves out what does not fail the run).
    var shown: [Diagnostic]
    /// Those a reader of a listing sees (notes only with `--verbose`); JSON, SARIF and GitLab list `shown`.
    var read: [Diagnostic]
    /// How many findings a baseline held back; nil without one.
    var heldBack: Int?
    /// The baseline file, named in the text summary.
    var baselinePath: String?

    /// A report of `findings`, all shown and read.
    init(_ findings: [Diagnostic], heldBack: Int? = nil, baselinePath: String? = nil) {
        all = findings
        shown = findings
        read = findings
        self.heldBack = heldBack
        self.baselinePath = baselinePath
    }
}

/// One reporter per output format, chosen by its identifier (SwiftLint's `Reporter`): the listing formats
/// (text, GitHub) apply the finding limit inside, the document formats (JSON, SARIF, GitLab) list every finding.
protocol Reporter {
    /// The bytes the report prints.
    func render(_ report: FindingReport) -> [UInt8]
}

/// The reporters, by format.
enum Reporters {
    /// The reporter for `format`: a format that is no findings report of its own (markdown, html) lists
    /// findings as text.
    static func reporter(
        for format: OutputFormat, limit: FindingLimit, currentDirectory: String, toolVersion: String
    ) -> any Reporter {
        switch format {
        case .text, .markdown, .html: return TextReporter(limit: limit)
        case .github: return GitHubReporter(limit: limit, printer: GitHubPrinter(currentDirectory: currentDirectory))
        case .json: return JSONReporter()
        case .sarif:
            return SARIFReporter(printer: SARIFPrinter(toolVersion: toolVersion, currentDirectory: currentDirectory))
        case .gitlab: return GitLabReporter(printer: GitLabPrinter(currentDirectory: currentDirectory))
        }
    }

    /// `mc-style: error: MESSAGE`: the one form of an error that is not a finding (misuse, a server that
    /// cannot start, a picture that cannot be taken), masked and escaped as findings are.
    static func errorLine(_ message: String, masking collector: DiagnosticCollector = DiagnosticCollector()) -> String {
        "mc-style: error: \(VisibleText.escaped(collector.masked(message)))\n"
    }
}

/// GitHub workflow commands, at most the limit per rule.
struct GitHubReporter: Reporter {
    var limit: FindingLimit
    var printer: GitHubPrinter

    func render(_ report: FindingReport) -> [UInt8] {
        let listing = limit.listing(report.read)
        return Array((printer.render(listing.listed) + listing.omittedLines).utf8)
    }
}

/// The JSON report: every shown finding and the summary.
struct JSONReporter: Reporter {
    func render(_ report: FindingReport) -> [UInt8] {
        JSONReportPrinter().render(report.shown, heldBack: report.heldBack)
    }
}

/// SARIF 2.1.0: every shown finding.
struct SARIFReporter: Reporter {
    var printer: SARIFPrinter
    func render(_ report: FindingReport) -> [UInt8] { printer.render(report.shown) }
}

/// GitLab's Code Quality report: every shown finding.
struct GitLabReporter: Reporter {
    var printer: GitLabPrinter
    func render(_ report: FindingReport) -> [UInt8] { printer.render(report.shown) }
}
