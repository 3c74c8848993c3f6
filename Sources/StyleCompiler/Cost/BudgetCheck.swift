import LocatedJSON

/// The team's budgets (`CostBudgets`) checked over costed views: one finding per view, variant and limit passed,
/// at the view's place in the declarations, naming the view, the variant and the zoom.
public enum BudgetCheck {
    /// The findings of `costs` against `budgets`; `fileName` names the declarations for a view written
    /// nowhere (`--view`). With budgets but no view to check them on, one `budget.no-views` warning.
    public static func findings(_ costs: [ViewCost], budgets: CostBudgets, fileName: String) -> [Diagnostic] {
        guard !budgets.isEmpty else { return [] }
        guard !costs.isEmpty else {
            return [
                Diagnostic(
                    .budgetNoViews,
                    "budgets are set but the declarations have no views: to check them, add views: (or give --view to cost)",
                    at: budgets.location, fileName: budgets.location == nil ? fileName : nil)
            ]
        }
        var found: [Diagnostic] = []
        var styleBytesChecked: Set<String> = []
        for cost in costs {
            let place = cost.view.location
            let file = place == nil ? fileName : nil
            let view = "view '\(cost.view.name)' (variant '\(cost.variant)', zoom \(JSONNumber(cost.view.zoom).text))"
            if let limit = budgets.requestsPerView, cost.requests > limit.value {
                let shares = cost.sources.filter { $0.requests > 0 }.sorted { $0.requests > $1.requests }.prefix(3)
                    .map { "\($0.id) \($0.requests)" }.joined(separator: ", ")
                found.append(
                    Diagnostic(
                        .budgetRequests,
                        "\(view) makes \(cost.requests) requests, over \(limit.described("requestsPerView")); most from \(shares)",
                        at: place, fileName: file))
            }
            for (id, limit) in budgets.requestsPerSource {
                guard let source = cost.sources.first(where: { $0.id == id }), source.requests > limit.value else {
                    continue
                }
                found.append(
                    Diagnostic(
                        .budgetRequests,
                        "\(view) makes \(source.requests) requests to source '\(id)', over \(limit.described("requestsPerView.sources.\(id)"))",
                        at: place, fileName: file))
            }
            if let limit = budgets.stackedRasters, cost.stackedRasters > limit.value {
                found.append(
                    Diagnostic(
                        .budgetStackedRasters,
                        "\(view) draws \(cost.stackedRasters) opaque raster layers over one another, over \(limit.described("stackedRasters")): only the top one is seen",
                        at: place, fileName: file))
            }
            if let limit = budgets.activeLayers, cost.shownLayerCount > limit.value {
                found.append(
                    Diagnostic(
                        .budgetActiveLayers,
                        "\(view) shows \(cost.shownLayerCount) layers, over \(limit.described("activeLayers"))",
                        at: place, fileName: file))
            }
            if let limit = budgets.styleBytes, cost.styleBytes > limit.value,
                styleBytesChecked.insert(cost.variant).inserted
            {
                found.append(
                    Diagnostic(
                        .budgetStyleBytes,
                        "the composed style of variant '\(cost.variant)' takes \(cost.styleBytes) bytes, over \(limit.described("styleBytes"))",
                        at: limit.location, fileName: limit.location == nil ? fileName : nil))
            }
        }
        return found
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    /// Declarations whose `views:` a budget example costs: a view over Tokyo on the example base, `target`
    /// tomtom (TomTom's raster base map goes in).
    static func budgetDeclarations(views: String) -> String {
        RuleExample.plainDeclarations + "views:\n" + views
    }

    static let budgetRequests = Rule(
        "budget.requests", .error,
        summary: "A view makes more tile and file requests than the budget (requestsPerView in .mc-style.yaml).",
        help:
            "Raise the budget knowingly, or cost less: a source's maxZoom (over-zoomed above it), bounds, a larger tileSize, visibleZoom; mc-style cost shows the requests per source.",
        examples: [
            .triggering(
                .declarations, budgetDeclarations(views: "  - ↓{name: tokyo, center: [139.76, 35.68], zoom: 12}\n"),
                files: [".mc-style.yaml": "budgets:\n  requestsPerView: 4\n"]),
            .triggering(
                .declarations, budgetDeclarations(views: "  - ↓{name: tokyo, center: [139.76, 35.68], zoom: 12}\n"),
                files: [".mc-style.yaml": "budgets:\n  requestsPerView: {sources: {mc-raster-src-hillshade: 1}}\n"]),
            .passing(
                .declarations, budgetDeclarations(views: "  - {name: tokyo, center: [139.76, 35.68], zoom: 12}\n"),
                files: [".mc-style.yaml": "budgets:\n  requestsPerView: 60\n"]),
        ])

    static let budgetStackedRasters = Rule(
        "budget.stacked-rasters", .error,
        summary:
            "A view draws more opaque raster layers over one another than the budget (stackedRasters in .mc-style.yaml).",
        help:
            "Every opaque raster layer is fetched and drawn though only the top one is seen: give the lower ones a visibleZoom or bounds, or an opacity below 0.9.",
        examples: [
            .triggering(
                .declarations,
                RuleExample.declarations(root: [
                    "views:", "  - ↓{name: tokyo, center: [139.76, 35.68], zoom: 12}",
                ]),
                files: [".mc-style.yaml": "budgets:\n  stackedRasters: 1\n"]),
            .passing(
                .declarations,
                RuleExample.declarations(
                    source: ["opacity: 0.5"], root: ["views:", "  - {name: tokyo, center: [139.76, 35.68], zoom: 12}"]),
                files: [".mc-style.yaml": "budgets:\n  stackedRasters: 1\n"]),
        ])

    static let budgetActiveLayers = Rule(
        "budget.active-layers", .error,
        summary: "A view shows more layers than the budget (activeLayers in .mc-style.yaml).",
        help: "Every layer shown is laid out and drawn each frame: raise the budget knowingly, or hide layers by zoom.",
        examples: [
            .triggering(
                .declarations, budgetDeclarations(views: "  - ↓{name: tokyo, center: [139.76, 35.68], zoom: 12}\n"),
                files: [".mc-style.yaml": "budgets:\n  activeLayers: 3\n"]),
            .passing(
                .declarations, budgetDeclarations(views: "  - {name: tokyo, center: [139.76, 35.68], zoom: 12}\n"),
                files: [".mc-style.yaml": "budgets:\n  activeLayers: 100\n"]),
        ])

    static let budgetStyleBytes = Rule(
        "budget.style-bytes", .error,
        summary: "The composed style is larger than the budget (styleBytes in .mc-style.yaml).",
        help:
            "The style is downloaded or unpacked and parsed before the map shows: raise the budget knowingly, or declare less.",
        examples: [
            .triggering(
                .declarations, budgetDeclarations(views: "  - {name: tokyo, center: [139.76, 35.68], zoom: 12}\n"),
                files: [".mc-style.yaml": "budgets:\n  styleBytes: ↓100\n"]),
            .passing(
                .declarations, budgetDeclarations(views: "  - {name: tokyo, center: [139.76, 35.68], zoom: 12}\n"),
                files: [".mc-style.yaml": "budgets:\n  styleBytes: 1000000\n"]),
        ])

    static let budgetNoViews = Rule(
        "budget.no-views", .warning,
        summary: "Budgets are set, but the declarations have no views to check them on.",
        help: "Add views: (name, center, zoom, size) for the places the app shows; mc-style cost --view costs others.",
        examples: [
            .triggering(
                .declarations, RuleExample.plainDeclarations,
                files: [".mc-style.yaml": "budgets:\n  ↓stackedRasters: 1\n"]),
            .passing(
                .declarations, budgetDeclarations(views: "  - {name: tokyo, center: [139.76, 35.68], zoom: 12}\n"),
                files: [".mc-style.yaml": "budgets:\n  stackedRasters: 1\n"]),
        ])
}
