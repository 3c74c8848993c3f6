extension SpecRule {
    /// Every rule of the specification's validator, in the order a rule list shows them: values, the root, sources,
    /// layers, functions, expressions and filters.
    public static let all: [SpecRule] = [
        .styleType, .styleEnum, .styleRange, .styleArrayLength, .styleRequired, .styleUnknownProperty, .styleUnknownKey,
        .styleColor, .styleDeprecated, .styleGlyphs, .styleSprite, .styleSourceCanvas, .styleSourceEncoding,
        .styleLayerTypeOrRef, .styleLayerDuplicateID, .styleLayerRef, .styleLayerUnknownSource, .styleLayerSourceType,
        .styleLayerSourceLayer, .styleLayerLineGradient, .styleLayerResampling, .styleFunction, .styleExpression,
        .styleFilter, .styleFilterMixed, .styleInterpolationSyntax,
    ]
}
