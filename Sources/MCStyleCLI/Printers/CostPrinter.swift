import LocatedJSON
import StyleCompiler

/// `cost`'s outputs: text for a terminal, JSON for scripts, a Markdown table for a PR comment, and one
/// self-contained HTML page with a chart per view.
struct CostPrinter {
    let costs: [ViewCost]
    let model: CostModel
    /// The budgets' findings (`budget.*`), for the HTML page's verdict; nil when no budget is set.
    var budgetFindings: [Diagnostic]? = nil

    /// What the model assumes, in one sentence.
    private var modelWords: String {
        switch model.target {
        case .maplibre: return "maplibre (GL JS 5.3.0: tiles at their tileSize, no prefetch)"
        case .tomtom:
            return
                "tomtom (TomTom SDK: raster tiles drawn at twice the declared tileSize, layers at TomTom's zoom, prefetch 4 levels up)"
        }
    }

    // MARK: text

    /// Per view and variant: the totals, then a row per source, then the curve.
    func text() -> String {
        var text = "model: \(modelWords)\n"
        for cost in costs {
            text += "\n" + heading(cost) + "\n"
            text += "  " + totals(cost) + "\n"
            let rows =
                [["source", "status", "level", "tile px", "tiles", "prefetch", "files", "if failing", "bytes"]]
                + cost.sources.map { source in
                    [
                        VisibleText.escaped(source.id), source.status.rawValue + (source.isEstimated ? "*" : ""),
                        source.level.map(String.init) ?? "-", source.tileSize.map(String.init) ?? "-",
                        String(source.tiles), String(source.prefetch), String(source.files), String(source.onFailure),
                        bytesWords(source),
                    ]
                }
            text += Self.columns(rows, indent: "  ")
            text +=
                "  requests by zoom: "
                + cost.curve.map { "\($0.zoom):\($0.tiles + $0.prefetch)" }.joined(separator: " ") + "\n"
            for note in cost.approximations + reasons(cost) { text += "  note: \(VisibleText.escaped(note))\n" }
        }
        return text
    }

    private func heading(_ cost: ViewCost) -> String {
        let view = cost.view
        return
            "view \(VisibleText.escaped(view.name)), variant \(VisibleText.escaped(cost.variant)): "
            + "\(number(view.latitude)),\(number(view.longitude)) zoom \(number(view.zoom)) "
            + "(tiles at \(number(rounded(cost.tileZoom))), layers at \(number(rounded(cost.layerZoom)))), "
            + "\(view.width)x\(view.height)@\(number(view.pixelRatio))"
            + (view.bearing != 0 ? " bearing \(number(view.bearing))" : "")
            + (view.pitch != 0 ? " pitch \(number(view.pitch))" : "")
    }

    private func totals(_ cost: ViewCost) -> String {
        let layers = cost.shownLayers.map { "\($0.type) \($0.count)" }.joined(separator: ", ")
        return "requests \(cost.requests) (tiles \(cost.tiles), prefetch \(cost.prefetch), files \(cost.files)); "
            + "layers shown \(cost.shownLayerCount)\(layers.isEmpty ? "" : " (\(layers))"); "
            + "opaque rasters stacked \(cost.stackedRasters); style \(cost.styleBytes) bytes"
            + (cost.recordedBytes.map { "; tiles recorded \($0) bytes" } ?? "")
    }

    private func bytesWords(_ source: SourceCost) -> String {
        guard let bytes = source.recordedBytes else { return "-" }
        return source.unrecordedTiles > 0 ? "\(bytes) (+\(source.unrecordedTiles) unrecorded)" : String(bytes)
    }

    private func reasons(_ cost: ViewCost) -> [String] {
        cost.sources.filter { !$0.reason.isEmpty }.map { "\($0.id) is not costed: \($0.reason)" }
    }

    /// Rows in columns as wide as their widest cell, two spaces apart.
    static func columns(_ rows: [[String]], indent: String) -> String {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                let width = DisplayWidth.of(cell)
                if index < widths.count { widths[index] = max(widths[index], width) } else { widths.append(width) }
            }
        }
        return rows.map { row in
            indent
                + row.enumerated().map { index, cell in
                    index == row.count - 1
                        ? cell : cell + String(repeating: " ", count: widths[index] - DisplayWidth.of(cell) + 2)
                }.joined() + "\n"
        }.joined()
    }

    // MARK: JSON

    /// `{"model": ..., "views": [{"name", "variant", ..., "sources": [{"id", "tiles", "prefetch", ...}]}]}`.
    func json() -> JSONNode {
        .object([
            "model": .string(model.target.rawValue),
            "views": .array(costs.map(viewJSON)),
        ])
    }

    private func viewJSON(_ cost: ViewCost) -> JSONNode {
        let view = cost.view
        var members: [JSONMember] = [
            JSONMember(key: "name", value: .string(view.name)),
            JSONMember(key: "variant", value: .string(cost.variant)),
            JSONMember(key: "center", value: .array([.number(view.longitude), .number(view.latitude)])),
            JSONMember(key: "zoom", value: .number(view.zoom)),
            JSONMember(key: "size", value: .array([.integer(view.width), .integer(view.height)])),
            JSONMember(key: "pixelRatio", value: .number(view.pixelRatio)),
            JSONMember(key: "bearing", value: .number(view.bearing)),
            JSONMember(key: "pitch", value: .number(view.pitch)),
            JSONMember(key: "tileZoom", value: .number(rounded(cost.tileZoom))),
            JSONMember(key: "layerZoom", value: .number(rounded(cost.layerZoom))),
            JSONMember(key: "requests", value: .integer(cost.requests)),
            JSONMember(key: "shownLayers", value: .integer(cost.shownLayerCount)),
            JSONMember(
                key: "shownLayersByType",
                value: JSONNode(
                    .object(JSONObject(cost.shownLayers.map { JSONMember(key: $0.type, value: .integer($0.count)) })))),
            JSONMember(key: "stackedRasters", value: .integer(cost.stackedRasters)),
            JSONMember(key: "styleBytes", value: .integer(cost.styleBytes)),
        ]
        if let bytes = cost.recordedBytes { members.append(JSONMember(key: "recordedBytes", value: .integer(bytes))) }
        members += [
            JSONMember(key: "sources", value: .array(cost.sources.map(sourceJSON))),
            JSONMember(
                key: "curve",
                value: .array(
                    cost.curve.map {
                        .object([
                            "zoom": .integer($0.zoom), "tiles": .integer($0.tiles), "prefetch": .integer($0.prefetch),
                        ])
                    })),
            JSONMember(key: "approximations", value: .array(cost.approximations.map { .string($0) })),
        ]
        return JSONNode(.object(JSONObject(members)))
    }

    private func sourceJSON(_ source: SourceCost) -> JSONNode {
        var members: [JSONMember] = [
            JSONMember(key: "id", value: .string(source.id)),
            JSONMember(key: "type", value: .string(source.type)),
            JSONMember(key: "status", value: .string(source.status.rawValue)),
        ]
        if let level = source.level { members.append(JSONMember(key: "level", value: .integer(level))) }
        if let size = source.tileSize { members.append(JSONMember(key: "tileSize", value: .integer(size))) }
        members += [
            JSONMember(key: "tiles", value: .integer(source.tiles)),
            JSONMember(key: "prefetch", value: .integer(source.prefetch)),
            JSONMember(key: "files", value: .integer(source.files)),
            JSONMember(key: "requests", value: .integer(source.requests)),
            JSONMember(key: "onFailure", value: .integer(source.onFailure)),
            JSONMember(key: "estimated", value: .bool(source.isEstimated)),
        ]
        if let bytes = source.recordedBytes {
            members.append(JSONMember(key: "recordedBytes", value: .integer(bytes)))
            members.append(JSONMember(key: "unrecordedTiles", value: .integer(source.unrecordedTiles)))
        }
        if !source.reason.isEmpty { members.append(JSONMember(key: "reason", value: .string(source.reason))) }
        return JSONNode(.object(JSONObject(members)))
    }

    // MARK: Markdown

    /// A table of the views, then one of the sources that make requests: for a PR comment.
    func markdown() -> String {
        var text = "Cost per view, model \(modelWords).\n\n"
        text +=
            "| view | variant | zoom | requests | tiles | prefetch | layers shown | opaque rasters stacked | style bytes |\n"
        text += "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
        for cost in costs {
            text +=
                "| \(cell(cost.view.name)) | \(cell(cost.variant)) | \(number(cost.view.zoom)) | \(cost.requests) | \(cost.tiles) | \(cost.prefetch) | \(cost.shownLayerCount) | \(cost.stackedRasters) | \(cost.styleBytes) |\n"
        }
        text += "\n| view | variant | source | status | level | tiles | prefetch | files | if failing |\n"
        text += "|---|---|---|---|---:|---:|---:|---:|---:|\n"
        for cost in costs {
            for source in cost.sources where source.requests > 0 || source.status != .shown {
                guard source.status != .inline else { continue }
                text +=
                    "| \(cell(cost.view.name)) | \(cell(cost.variant)) | `\(cell(source.id))` | \(source.status.rawValue)\(source.isEstimated ? " (estimated)" : "") | \(source.level.map(String.init) ?? "-") | \(source.tiles) | \(source.prefetch) | \(source.files) | \(source.onFailure) |\n"
            }
        }
        let notes = Set(costs.flatMap(\.approximations)).sorted()
        if !notes.isEmpty { text += "\n" + notes.map { "- \(cell($0))\n" }.joined() }
        return text
    }

    private func cell(_ text: String) -> String { VisibleText.markdownCell(text) }

    // MARK: HTML

    /// One page, no script and nothing fetched: per view, a bar per source (tiles and prefetch) and the curve
    /// of requests over zooms 0 to 22.
    func html() -> String {
        var sections = ""
        for cost in costs {
            sections += """
                <section>
                <h2>\(HTMLText.escaped(heading(cost)))</h2>
                <p>\(HTMLText.escaped(totals(cost)))</p>
                <div class="charts">\(bars(cost))\(curve(cost))</div>
                \(cost.approximations.map { "<p class=\"note\">\(HTMLText.escaped($0))</p>" }.joined())
                </section>

                """
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>Map cost per view</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; }
            h2 { font-size: 15px; margin: 22px 0 4px; }
            .charts { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
            .note { color: #8a5a00; }
            svg text { font: 11px system-ui, sans-serif; fill: #333; }
            .tiles { fill: #3b6ea8; } .prefetch { fill: #9cbbe0; } .line { fill: none; stroke: #3b6ea8; stroke-width: 2; }
            .axis { stroke: #bbb; } .here { stroke: #b00020; stroke-dasharray: 3 3; }
            .bars td { padding: 1px 8px 1px 0; vertical-align: middle; } .bars td:first-child { overflow-wrap: anywhere; max-width: 28em; }
            .verdict { padding: 6px 10px; border-left: 4px solid #2e7d32; background: #eef6ee; }
            .verdict.failed { border-color: #b00020; background: #fbeaec; }
            </style>
            </head>
            <body>
            <h1>Map cost per view</h1>
            <p>Model: \(HTMLText.escaped(modelWords)). Dark bars: tiles shown; light: prefetched. The curve: requests at each unified zoom over the view's centre (the dashed line is the view's zoom).</p>
            \(budgetVerdict)\(sections)</body>
            </html>

            """
    }

    /// What the budgets say, when any is set: that every view keeps them, or each finding.
    private var budgetVerdict: String {
        guard let findings = budgetFindings else { return "" }
        guard !findings.isEmpty else {
            return "<p class=\"verdict\">Budgets: every view keeps every budget set in .mc-style.yaml.</p>\n"
        }
        let items = findings.map { finding in
            "<li>\(HTMLText.escaped(finding.severity.rawValue)): \(HTMLText.escaped(finding.message)) [\(HTMLText.escaped(finding.rule))]</li>"
        }
        let failing = findings.contains { $0.severity == .error }
        return
            "<div class=\"verdict\(failing ? " failed" : "")\"><p>Budgets: \(findings.count) not kept\(failing ? "" : " (warnings)"):</p><ul>\(items.joined())</ul></div>\n"
    }

    /// A row per source that makes requests: its whole id, and a bar of its tiles and prefetch.
    private func bars(_ cost: ViewCost) -> String {
        let shown = cost.sources.filter { $0.tiles + $0.prefetch > 0 }
        guard !shown.isEmpty else { return "<p>No tile requests in this view.</p>" }
        let largest = max(1, shown.map { $0.tiles + $0.prefetch }.max() ?? 1)
        let width = 260
        var rows = "<table class=\"bars\" aria-label=\"requests by source\">"
        for source in shown {
            let tiles = source.tiles * width / largest
            let prefetch = source.prefetch * width / largest
            rows += "<tr><td>\(HTMLText.escaped(source.id))</td><td>"
            rows += "<svg role=\"img\" width=\(quoted(width + 4)) height=\"16\">"
            rows += "<rect class=\"tiles\" x=\"0\" y=\"0\" width=\(quoted(tiles)) height=\"16\"/>"
            rows +=
                "<rect class=\"prefetch\" x=\(quoted(tiles)) y=\"0\" width=\(quoted(prefetch)) height=\"16\"/></svg>"
            rows += "</td><td>\(source.tiles)+\(source.prefetch)</td></tr>"
        }
        return rows + "</table>"
    }

    /// The curve of requests (tiles and prefetch) over unified zooms 0...22.
    private func curve(_ cost: ViewCost) -> String {
        let (width, height, left, bottom) = (300, 140, 34, 18)
        let values = cost.curve.map { $0.tiles + $0.prefetch }
        let largest = max(1, values.max() ?? 1)
        let step = Double(width - left) / Double(max(1, values.count - 1))
        let points = values.enumerated().map { index, value in
            "\(number(rounded(Double(left) + Double(index) * step))),\(number(rounded(Double(height - bottom) - Double(value * (height - bottom - 8)) / Double(largest))))"
        }.joined(separator: " ")
        let here = number(rounded(Double(left) + cost.view.zoom * step))
        return
            "<svg role=\"img\" aria-label=\"requests by zoom\" width=\(quoted(width + 10)) height=\(quoted(height))>"
            + "<line class=\"axis\" x1=\(quoted(left)) y1=\(quoted(height - bottom)) x2=\(quoted(width)) y2=\(quoted(height - bottom))/>"
            + "<line class=\"here\" x1=\"\(here)\" y1=\"4\" x2=\"\(here)\" y2=\(quoted(height - bottom))/>"
            + "<polyline class=\"line\" points=\"\(points)\"/>"
            + "<text x=\"0\" y=\"12\">\(largest)</text><text x=\"0\" y=\(quoted(height - bottom))>0</text>"
            + "<text x=\(quoted(left)) y=\(quoted(height - 4))>zoom 0</text>"
            + "<text x=\(quoted(width - 40)) y=\(quoted(height - 4))>22</text></svg>"
    }

    private func quoted(_ value: Int) -> String { "\"\(value)\"" }

    /// A number as a person writes it.
    private func number(_ value: Double) -> String { JSONNumber(value).text }

    /// To 0.01.
    private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
