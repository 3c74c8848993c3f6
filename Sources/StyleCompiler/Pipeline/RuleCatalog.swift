import StyleSpec

/// Every rule mc-style reports, in the order SARIF lists them. Each is declared next to its check; adding a
/// rule means declaring it there and adding its one line here (`RuleRegistryTests` fails otherwise).
public enum RuleCatalog {
    /// Every rule, registered once: SARIF's rule list and docs/rules.md are made from it.
    public static let all: [Rule] =
        [
            .ioRead, .ioWrite, .jsonSyntax, .jsonDuplicateKey, .limitsSources, .limitsLayers, .limitsOutput,
        ] + Rule.yamlRules + [
            .includeMissing, .includeEscape, .includeCycle, .includeLimit, .includeUnavailable, .envMissing, .envEmpty,
            .declType,
            .declUnknownKey, .declMissingKey, .declValue, .declRange, .declSourceKind, .declExactlyOne, .declID,
            .declDuplicateID, .declIDCollision, .declNotApplicable, .declBases, .declViews, .declPathEscape,
            .sourcesTileSize, .sourcesZoomRange, .sourcesBounds, .sourcesBoundsSpan,
            .sourcesUrlTokens, .sourcesUnknownToken, .sourcesCleartext, .sourcesTilejsonUrl, .sourcesArcGISService,
            .sourcesURL,
            .sourcesKeyHost,
            .sourcesLocalSegment, .sourcesVectorTileSize, .sourcesVectorStyleURL, .platformUnsupported,
        ] + Rule.restyleRules + [
            .composePlacementAnchor, .composeIDTaken,
            .composeCalibrationLatitude, .composeNoLabels, .composePlacementFallback, .composeBelowBaseRaster,
            .composeHiddenAnchor,
            .composeKeyHost, .composeKeyURL,
            .tomtomLayerMappingAnchor, .tomtomLayerMappingDuplicate, .tomtomHeadersIgnored, .tomtomSdkLayerName,
            .tomtomNoRasterBase, .tomtomPlaceholder, .secretLiteralKey, .styleRoot, Rule(spec: .styleType),
            Rule(spec: .styleEnum), Rule(spec: .styleRange),
            Rule(spec: .styleArrayLength), Rule(spec: .styleRequired), Rule(spec: .styleUnknownProperty),
            Rule(spec: .styleUnknownKey), Rule(spec: .styleColor), Rule(spec: .styleDeprecated),
            Rule(spec: .styleGlyphs), Rule(spec: .styleSprite), .styleURL, .styleRelativeURL,
            Rule(spec: .styleSourceCanvas), Rule(spec: .styleSourceEncoding),
            Rule(spec: .styleLayerTypeOrRef),
            Rule(spec: .styleLayerDuplicateID),
            Rule(spec: .styleLayerRef),
            Rule(spec: .styleLayerUnknownSource), Rule(spec: .styleLayerSourceType), Rule(spec: .styleLayerSourceLayer),
            Rule(spec: .styleLayerLineGradient),
            Rule(spec: .styleLayerResampling), Rule(spec: .styleFunction), Rule(spec: .styleExpression),
            Rule(spec: .styleFilter), Rule(spec: .styleFilterMixed),
            Rule(spec: .styleInterpolationSyntax), .assetsVectorLayers, .assetsSourceLayer, .assetsSourceLayerUnseen,
            .assetsField,
            .assetsSprite,
            .assetsSpriteImage, .assetsFonts, .assetsFont, .assetsGlyphRange, .assetsLock, .lintZoomRange,
            .lintZeroOpacity,
            .lintFilterFalse,
            .lintHidden, .lintCovered, .lintDuplicateLayer, .lintUnusedSource, .lintContrast, .compatLayerType,
            .compatProperty,
            .compatExpression, .compatCapability, .compatIgnored, .vectortileImports, .vectortileTileJSONURL,
            .vectortileGlyphs, .budgetRequests, .budgetStackedRasters,
            .budgetActiveLayers,
            .budgetStyleBytes, .budgetNoViews, .rendererUnknown, .rendererProfile, .configInvalid,
            .configUnknownRule,
            .migrateOutput,
            .baselineInvalid, .baselineStale, .resolveUnreadable, .resolveManifest, .resolveDigestMismatch,
            .resolveStyleMismatch, .resolvePlatform, .resolveUnfilled, .resolveUnknownRoute, .resolveUnknownSource,
            .resolveUnknownParameter, .resolveUnknownVariant, .resolveInvalidValue, .resolveRendererTooOld,
        ]

    /// The registered rule with this id.
    public static func rule(id: String) -> Rule? { byID[id] }

    private static let byID: [String: Rule] = Dictionary(
        all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
}
