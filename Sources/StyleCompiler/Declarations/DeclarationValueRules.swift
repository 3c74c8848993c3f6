import LocatedJSON
import StyleRuntime

/// The schema's checks for declarations built in code: the decoder makes them while reading YAML, so values
/// that never went through YAML get them here, from the same `DeclarationSchema` (ranges, choices, lists),
/// with the same rules and wording.
enum DeclarationValueRules {
    static func check(_ declarations: Declarations) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, source) in declarations.sources.enumerated() {
            let path = JSONPath([.key("sources"), .index(index)])
            /// False (and reported) when `value` is outside the field's range.
            @discardableResult
            func check(_ field: SourceField, _ value: Double?, at fieldPath: JSONPath? = nil) -> Bool {
                guard let value, let spec = DeclarationSchema.source.field(field.rawValue),
                    let range = DeclarationSchema.range(of: spec.type)
                else { return true }
                guard !range.contains(value) else { return true }
                let shown = value.isNaN ? "nan" : JSONNumber(value).text
                diagnostics.append(
                    Diagnostic(
                        spec.valueRule ?? .declRange,
                        "\(shown) is outside \(JSONNumber(range.lowerBound).text)..\(JSONNumber(range.upperBound).text)",
                        at: source.location(of: field), path: fieldPath ?? path.appending(field.rawValue)))
                return false
            }
            // What the decoder drops when the schema refuses it, the source's own checks do not see either.
            var checked = source
            if !check(.tileSize, Double(source.tileSize)) { checked.tileSize = 512 }
            if !check(.minZoom, source.minZoom.map(Double.init)) { checked.minZoom = nil }
            if !check(.maxZoom, source.maxZoom.map(Double.init)) { checked.maxZoom = nil }
            if let low = checked.minZoom, let high = checked.maxZoom, low > high {
                diagnostics.append(
                    Diagnostic(
                        .sourcesZoomRange, "minZoom \(low) is above maxZoom \(high)",
                        at: source.location(of: .minZoom),
                        path: path.appending("minZoom")))
            }
            check(.opacity, source.opacity)
            check(.calibrationLatitude, source.calibrationLatitude)
            if let zoom = source.visibleZoom {
                // As the list form writes it, [min, max].
                check(.visibleZoom, zoom.minimum, at: path.appending("visibleZoom").appending(0))
                check(.visibleZoom, zoom.maximum, at: path.appending("visibleZoom").appending(1))
                if let low = zoom.minimum, let high = zoom.maximum, low > high {
                    diagnostics.append(
                        Diagnostic(
                            .sourcesZoomRange, "visibleZoom [\(JSONNumber(low)), \(JSONNumber(high))] is inverted",
                            at: source.location(of: .visibleZoom), path: path.appending("visibleZoom")))
                }
            }
            if let spec = DeclarationSchema.source.field(SourceField.pixelRatios.rawValue),
                case .list(_, let count, let unique) = spec.type
            {
                let ratiosPath = path.appending("pixelRatios")
                if let count, !count.contains(source.pixelRatios.count) {
                    diagnostics.append(
                        Diagnostic(
                            .declType, SchemaCoercion.countProblem(count, got: source.pixelRatios.count),
                            at: source.location(of: .pixelRatios), path: ratiosPath))
                } else {
                    for (position, ratio) in source.pixelRatios.enumerated() {
                        check(.pixelRatios, Double(ratio), at: ratiosPath.appending(position))
                        if unique, source.pixelRatios[..<position].contains(ratio) {
                            diagnostics.append(
                                Diagnostic(
                                    .declValue, SchemaCoercion.duplicateProblem("\(ratio)"),
                                    at: source.location(of: .pixelRatios), path: ratiosPath.appending(position)))
                        }
                    }
                }
            }
            for (position, rule) in source.attribution.enumerated() {
                for (name, value) in [("minZoom", rule.minZoom), ("maxZoom", rule.maxZoom)] {
                    guard let value, !DeclarationSchema.camera.contains(value) else { continue }
                    diagnostics.append(
                        Diagnostic(
                            .declRange, "\(JSONNumber(value).text) is outside 0..22",
                            at: source.location(of: .attribution),
                            path: path.appending("attribution").appending(position).appending(name)))
                }
            }
            SourceDeclarationRules.check(checked, path: path, platforms: declarations.platforms, into: &diagnostics)
        }
        SourceIDRules.check(declarations.sources, into: &diagnostics)
        for (index, entry) in declarations.layerMapping.enumerated()
        where !DeclarationSchema.sdkOverlayLayers.contains(entry.sdkLayer) {
            diagnostics.append(
                Diagnostic(
                    .declValue,
                    "'\(entry.sdkLayer)' is not one of \(DeclarationSchema.sdkOverlayLayers.joined(separator: ", "))",
                    at: entry.location, path: JSONPath([.key("layerMapping"), .index(index), .key("sdkLayer")])))
        }
        return diagnostics
    }
}

extension DeclarationSchema {
    /// The numeric range a field type allows (for a list, its elements'), nil when it has none.
    static func range(of type: FieldType) -> ClosedRange<Double>? {
        switch type {
        case .integer(let range?): return Double(range.lowerBound)...Double(range.upperBound)
        case .number(let range?): return range
        case .list(let element, _, _): return self.range(of: element)
        case .oneOf(let alternatives): return alternatives.lazy.compactMap { range(of: $0) }.first
        default: return nil
        }
    }
}
