import StyleCompiler

/// The report of `snapshot --check`: `report.md` (for a pull-request comment or a step summary) and
/// `report.html` (before, after and difference side by side), with the pictures they show, all in the output
/// folder: `<name>` is the new picture, `baseline/<name>` the baseline's, `difference/<name>` the difference.
public enum SnapshotReport {
    /// The report's files and the pictures it shows, beside the new pictures.
    public static func files(_ results: [SnapshotComparison.Result], threshold: Int) -> [OutputFile] {
        var files: [OutputFile] = []
        for result in results {
            if let baseline = result.baseline {
                files.append(OutputFile(path: "baseline/" + result.name, bytes: baseline))
            }
            if let difference = result.difference {
                files.append(OutputFile(path: "difference/" + result.name, bytes: difference))
            }
        }
        files.append(OutputFile(path: "report.md", bytes: Array(markdown(results, threshold: threshold).utf8)))
        files.append(OutputFile(path: "report.html", bytes: Array(html(results, threshold: threshold).utf8)))
        return files
    }

    /// What one result says, in words.
    public static func words(_ verdict: SnapshotComparison.Verdict) -> String {
        switch verdict {
        case .same(let differing): return differing == 0 ? "same" : "same (\(differing) pixels within the threshold)"
        case .differs(let differing): return "differs: \(differing) pixels"
        case .new: return "new: no baseline picture"
        case .gone: return "gone: in the baseline, not taken"
        }
    }

    static func markdown(_ results: [SnapshotComparison.Result], threshold: Int) -> String {
        let failing = results.filter(\.fails).count
        var text = "# Map pictures\n\n"
        text +=
            failing == 0
            ? "All \(results.count) pictures are the baseline's (at most \(threshold) differing pixels each, a channel within \(SnapshotComparison.tolerance)).\n\n"
            : "\(failing) of \(results.count) pictures are not the baseline's (more than \(threshold) differing pixels, a channel within \(SnapshotComparison.tolerance), new, or gone).\n\n"
        text += "| picture | result |\n|---|---|\n"
        for result in results {
            text += "| `\(result.name)` | \(result.fails ? "**\(words(result.verdict))**" : words(result.verdict)) |\n"
        }
        return text
    }

    static func html(_ results: [SnapshotComparison.Result], threshold: Int) -> String {
        let escaped = HTMLText.escaped
        var rows = ""
        for result in results {
            let name = escaped(result.name)
            let before =
                result.baseline == nil
                ? "<div class=\"none\">no baseline</div>" : "<img src=\"baseline/\(name)\" alt=\"before\">"
            let after =
                result.verdict == .gone ? "<div class=\"none\">not taken</div>" : "<img src=\"\(name)\" alt=\"after\">"
            let difference =
                result.difference == nil
                ? "<div class=\"none\">-</div>" : "<img src=\"difference/\(name)\" alt=\"difference\">"
            rows += """
                <section class="\(result.fails ? "fails" : "same")">
                <h2>\(name): \(escaped(words(result.verdict)))</h2>
                <div class="row"><figure>\(before)<figcaption>before</figcaption></figure>
                <figure>\(after)<figcaption>after</figcaption></figure>
                <figure>\(difference)<figcaption>difference</figcaption></figure></div>
                </section>

                """
        }
        let failing = results.filter(\.fails).count
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Map pictures: \(failing) of \(results.count) differ</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; }
            h2 { font-size: 15px; margin: 18px 0 6px; }
            section.fails h2 { color: #b00020; }
            .row { display: flex; gap: 12px; align-items: flex-start; }
            figure { margin: 0; }
            figure img, .none { border: 1px solid #ccc; max-width: 420px; display: block; }
            .none { width: 160px; height: 60px; color: #777; display: flex; align-items: center; justify-content: center; }
            </style>
            </head>
            <body>
            <h1>Map pictures</h1>
            <p>\(failing) of \(results.count) pictures are not the baseline's (more than \(threshold) differing pixels, a channel within \(SnapshotComparison.tolerance), new, or gone). Magenta marks the pixels that differ.</p>
            \(rows)</body>
            </html>

            """
    }
}
