import LocatedJSON
import StyleMath
import StyleRuntime
import Testing

@testable import StyleCompiler

@Suite struct StyleComposerTests {
    /// background, water (fill), road (line), label (symbol), poi (symbol); key order and extras to keep.
    static let baseText = """
        {"version": 8, "name": "t", "metadata": {"x": 1}, "center": [0.10, 1e2], "custom-key": true,
         "sources": {"v": {"type": "vector", "tiles": ["https://a.api.tomtom.com/{z}/{x}/{y}.pbf?key={key}"]}},
         "sprite": "https://api.tomtom.com/sprite?key={key}",
         "layers": [
          {"id": "background", "type": "background"},
          {"id": "water", "type": "fill", "source": "v", "source-layer": "water"},
          {"id": "road", "type": "line", "source": "v", "source-layer": "road"},
          {"id": "label", "type": "symbol", "source": "v", "source-layer": "place", "layout": {"text-field": "{name}"}},
          {"id": "poi", "type": "symbol", "source": "v", "source-layer": "poi"}
         ]}
        """

    /// The table the bases are read into, through which the compositions place their findings.
    static let files = SourceFiles()

    static func base(_ text: String = baseText) throws -> JSONNode {
        try JSONParser().parse(text, name: "base.json", into: files).root
    }

    static func source(_ id: String, z: Int = 0, placement: LayerPlacement = .top, tileSize: Int = 256)
        -> RasterSourceDeclaration
    {
        RasterSourceDeclaration(
            id: id, kind: .urlTemplate(DeclaredString("https://t.example.com/\(id)/{z}/{x}/{y}.png")),
            tileSize: tileSize, zIndex: z, placement: placement)
    }

    static func layerIDs(_ composition: Composition) -> [String] {
        composition.style["layers"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    @Test func layersStackByZIndexWithTiesInDeclarationOrder() throws {
        let declarations = Declarations(sources: [
            Self.source("a", z: 5), Self.source("b", z: 1), Self.source("c", z: 5),
        ])
        let composition = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        #expect(composition.diagnostics.isEmpty)
        #expect(
            Self.layerIDs(composition).suffix(3) == ["mc-raster-layer-b", "mc-raster-layer-a", "mc-raster-layer-c"])
    }

    @Test func everyPlacement() throws {
        let declarations = Declarations(sources: [
            Self.source("top", placement: .top), Self.source("labels", placement: .belowLabels),
            Self.source("below-road", placement: .below("road")),
            Self.source("above-water", placement: .above("water")),
        ])
        let composition = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        // "above water" and "below road" share the gap between the two: declaration order decides there.
        #expect(
            Self.layerIDs(composition) == [
                "background", "water", "mc-raster-layer-below-road", "mc-raster-layer-above-water", "road",
                "mc-raster-layer-labels", "label", "poi", "mc-raster-layer-top",
            ])
    }

    @Test func missingPlacementAnchorIsAnErrorWithASuggestion() throws {
        let declarations = Declarations(sources: [Self.source("x", placement: .below("raod"))])
        let composition = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        #expect(composition.diagnostics.map(\.rule) == ["compose.placement-anchor"])
        #expect(composition.diagnostics.first?.message.contains("did you mean 'road'?") == true)
    }

    @Test func rasterBaseGoesAfterALeadingBackgroundElseAtTheBottom() throws {
        let withBackground = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations())
        #expect(Self.layerIDs(withBackground).prefix(2) == ["background", "mc-base-raster-layer"])
        #expect(
            withBackground.style["sources"]?["mc-base-raster"]?["tiles"]?[0]?.stringValue
                == StyleComposer.baseRasterTiles)
        let noBackground = try Self.base(
            """
            {"version": 8, "sources": {}, "layers": [{"id": "w", "type": "fill", "source": "v"}, {"id": "background", "type": "background"}]}
            """)
        let bottom = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: noBackground, declarations: Declarations())
        #expect(Self.layerIDs(bottom) == ["mc-base-raster-layer", "w", "background"])
        let off = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations(baseRaster: false))
        #expect(!Self.layerIDs(off).contains("mc-base-raster-layer"))
        let maplibre = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations())
        #expect(!Self.layerIDs(maplibre).contains("mc-base-raster-layer"))
    }

    @Test func noDeclaredLayerGoesBelowTheOpaqueRasterBase() throws {
        let declarations = Declarations(sources: [
            Self.source("under", placement: .above("background")),
            Self.source("bottom", placement: .below("background")),
            Self.source("fine", placement: .below("water")),
        ])
        let tomtom = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        #expect(
            Self.layerIDs(tomtom).prefix(5) == [
                "background", "mc-base-raster-layer", "mc-raster-layer-under", "mc-raster-layer-bottom",
                "mc-raster-layer-fine",
            ])
        #expect(tomtom.diagnostics.map(\.rule) == ["compose.below-base-raster", "compose.below-base-raster"])
        #expect(tomtom.diagnostics.first?.message.contains("'under' would put it below mc-base-raster-layer") == true)
        #expect(tomtom.sources.map(\.warnings.count) == [1, 1, 0], "the manifest records the move")
        let maplibre = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        #expect(
            Self.layerIDs(maplibre).prefix(2) == ["mc-raster-layer-bottom", "background"],
            "no raster base, nothing to avoid")
        #expect(maplibre.diagnostics.isEmpty)
    }

    @Test func theRasterBaseIsHalvedLikeEveryRasterSource() throws {
        let tomtom = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations())
        #expect(tomtom.style["sources"]?["mc-base-raster"]?["tileSize"]?.numberValue?.intValue == 128)
        #expect(
            StyleValidator(target: .tomtom).validate(tomtom.style, in: Self.files).filter { $0.severity != .note }
                .isEmpty,
            "the validator accepts what the runtimes emit")
    }

    @Test func everyDeclaredLayerHasAVisibilityTheAppCanFlip() throws {
        var hidden = Self.source("h")
        hidden.visible = false
        let composition = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations(sources: [Self.source("v"), hidden]))
        let layers = try #require(composition.style["layers"]?.arrayValue)
        #expect(composition.sources.map(\.layerIndex) == [6, 7])
        #expect(
            composition.sources.compactMap(\.layerIndex).map { layers[$0]["layout"]?["visibility"]?.stringValue } == [
                "visible", "none",
            ])
    }

    @Test func tileSizeIsHalvedOnTomTomOnly() throws {
        let declarations = Declarations(sources: [Self.source("a", tileSize: 256), Self.source("b", tileSize: 512)])
        let tomtom = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        #expect(tomtom.style["sources"]?["mc-raster-src-a"]?["tileSize"]?.numberValue?.intValue == 128)
        #expect(tomtom.style["sources"]?["mc-raster-src-b"]?["tileSize"]?.numberValue?.intValue == 256)
        #expect(tomtom.sources.map(\.emittedTileSize) == [128, 256])
        let maplibre = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        #expect(maplibre.style["sources"]?["mc-raster-src-b"]?["tileSize"]?.numberValue?.intValue == 512)
    }

    @Test func visibleZoomIsConvertedAtTheCalibrationLatitude() throws {
        var declared = Self.source("a")
        declared.visibleZoom = ZoomInterval(12...14)
        declared.calibrationLatitude = 35.6812
        var fromBounds = Self.source("b")
        fromBounds.visibleZoom = ZoomInterval(12...14)
        fromBounds.bounds = try GeoBounds(west: 139, south: 35.0, east: 140, north: 36.3624)
        var noLatitude = Self.source("c")
        noLatitude.visibleZoom = ZoomInterval(12...14)
        let declarations = Declarations(sources: [declared, fromBounds, noLatitude])
        let tomtom = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        let layers = try #require(tomtom.style["layers"]?.arrayValue)
        let layer = { (id: String) in layers.first { $0["id"]?.stringValue == "mc-raster-layer-" + id } }
        #expect(layer("a")?["minzoom"]?.numberValue?.text == "10.54")
        #expect(layer("a")?["maxzoom"]?.numberValue?.text == "12.54")
        #expect(layer("b")?["minzoom"]?.numberValue?.text == "10.54", "the bounds' center latitude is 35.6812")
        #expect(layer("c")?["minzoom"]?.numberValue?.text == "10.24", "latitude 0: offset 1.76")
        #expect(tomtom.diagnostics.map(\.rule) == ["compose.calibration-latitude"])
        #expect(tomtom.sources.map { $0.calibration?.origin } == ["calibrationLatitude", "bounds", "default"])
        let maplibre = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        let passed = maplibre.style["layers"]?.arrayValue?.first { $0["id"]?.stringValue == "mc-raster-layer-a" }
        #expect(
            passed?["minzoom"]?.numberValue?.text == "11" && passed?["maxzoom"]?.numberValue?.text == "13",
            "MapLibre's zoom is one below the unified zoom, at the same ground scale")
    }

    @Test func apiKeyFillsTomTomURLsOnly() throws {
        let key = "K3y-For-Tests-000"
        let foreignSprite = Self.baseText.replacing("https://api.tomtom.com/sprite", with: "https://example.com/sprite")
        let composition = StyleComposer(target: .tomtom, apiKey: key, files: Self.files).compose(
            base: try Self.base(foreignSprite), declarations: Declarations())
        #expect(
            composition.style["sources"]?["v"]?["tiles"]?[0]?.stringValue
                == "https://a.api.tomtom.com/{z}/{x}/{y}.pbf?key=\(key)")
        #expect(
            composition.style["sources"]?["mc-base-raster"]?["tiles"]?[0]?.stringValue?.hasSuffix("key=\(key)") == true)
        #expect(composition.style["sprite"]?.stringValue == "https://example.com/sprite?key={key}", "not a TomTom host")
        #expect(composition.keyFilledPointers == ["/sources/v/tiles/0", "/sources/mc-base-raster/tiles/0"])
        #expect(composition.placeholders.isEmpty, "every {key} in a TomTom URL was filled; none is left for the app")
        #expect(composition.foreignKeyPointers == ["/sprite"])
        #expect(
            composition.diagnostics.map(\.rule) == ["compose.key-host"],
            "the sprite's {key} is on another host and stays")
        #expect(!composition.diagnostics.contains { $0.message.contains(key) })
        let kept = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(foreignSprite), declarations: Declarations())
        #expect(kept.style["sources"]?["v"]?["tiles"]?[0]?.stringValue?.hasSuffix("key={key}") == true)
        #expect(kept.keyFilledPointers.isEmpty)
        #expect(kept.placeholders.map(\.placeholder) == [.apiKey])
        #expect(
            kept.placeholders.first?.pointers == ["/sources/v/tiles/0", "/sources/mc-base-raster/tiles/0"],
            "TomTom hosts only")
    }

    /// `{key}` outside the URLs the renderer requests (a label's feature-property token, a metadata note) is not
    /// TomTom's key: not filled, not listed, not warned about.
    @Test func keyTokensOutsideURLsAreLeftAlone() throws {
        let text = Self.baseText
            .replacing(
                #"{"id": "label", "type": "symbol", "source": "v", "source-layer": "place", "layout": {"text-field": "{name}"}}"#,
                with:
                    #"{"id": "label", "type": "symbol", "source": "v", "source-layer": "place", "layout": {"text-field": "{key}"}}"#
            )
            .replacing(#""metadata": {"x": 1}"#, with: #""metadata": {"note": "https://example.com/?key={key}"}"#)
        let composition = StyleComposer(target: .tomtom, apiKey: "K3y", files: Self.files).compose(
            base: try Self.base(text), declarations: Declarations())
        let label = composition.style["layers"]?.arrayValue?.first { $0["id"]?.stringValue == "label" }
        #expect(label?["layout"]?["text-field"]?.stringValue == "{key}")
        #expect(composition.style["metadata"]?["note"]?.stringValue == "https://example.com/?key={key}")
        #expect(composition.keyFilledPointers == ["/sources/v/tiles/0", "/sources/mc-base-raster/tiles/0", "/sprite"])
        #expect(composition.foreignKeyPointers.isEmpty)
        #expect(composition.diagnostics.isEmpty)
    }

    @Test func layerMappingErrors() throws {
        let declarations = Declarations(
            sources: [Self.source("a")],
            layerMapping: [
                LayerMappingEntry(sdkLayer: "marker", anchor: .after("mc-raster-layer-a")),
                LayerMappingEntry(sdkLayer: "route", anchor: .before("lable")),
                LayerMappingEntry(sdkLayer: "marker", anchor: .after("road")),
            ])
        let composition = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: declarations)
        #expect(
            composition.diagnostics.map(\.rule) == ["tomtom.layer-mapping.anchor", "tomtom.layer-mapping.duplicate"])
        #expect(composition.diagnostics.first?.message.contains("did you mean 'label'?") == true)
        let document = try #require(composition.layerMapping)
        #expect(
            JSONWriter(style: .compact).string(document)
                == "[{\"secondary-layer\":\"marker\",\"after-primary-layer\":\"mc-raster-layer-a\"}]\n")
    }

    @Test func idsAreStableWhenSourcesAreReordered() throws {
        let first = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations(sources: [Self.source("x"), Self.source("y")]))
        let second = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations(sources: [Self.source("y"), Self.source("x")]))
        #expect(first.style["sources"]?["mc-raster-src-x"] == second.style["sources"]?["mc-raster-src-x"])
        #expect(Set(Self.layerIDs(first)) == Set(Self.layerIDs(second)))
    }

    @Test func everythingElseInTheBaseComesThroughUnchanged() throws {
        let base = try Self.base()
        let composition = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: base, declarations: Declarations(sources: [Self.source("a")]))
        let composed = try #require(composition.style.objectValue)
        let original = try #require(base.objectValue)
        #expect(composed.keys == original.keys)
        for key in original.keys where key != "layers" && key != "sources" {
            #expect(composed[key] == original[key], "\(key)")
        }
        #expect(JSONWriter(style: .compact).string(composed["center"] ?? .null) == "[0.10,1e2]\n")
    }

    @Test func eachSourceKindBecomesItsStyleSource() throws {
        let sources = [
            RasterSourceDeclaration(
                id: "arc", kind: .arcGisService(DeclaredString("https://s.example.com/MapServer//"))),
            RasterSourceDeclaration(
                id: "json", kind: .tileJson(DeclaredString("https://t.example.com/tiles.json")), minZoom: 3),
            RasterSourceDeclaration(
                id: "local", kind: .localTileServer(route: "heat", cacheKey: "v1"), pixelRatios: [1, 2]),
            RasterSourceDeclaration(
                id: "tms", kind: .urlTemplate(DeclaredString("https://t.example.com/{z}/{x}/{y}.png")), scheme: .tms),
        ]
        let composition = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations(sources: sources))
        let styleSources = try #require(composition.style["sources"])
        #expect(
            styleSources["mc-raster-src-arc"]?["tiles"]?[0]?.stringValue
                == "https://s.example.com/MapServer/tile/{z}/{y}/{x}")
        #expect(styleSources["mc-raster-src-json"]?["url"]?.stringValue == "https://t.example.com/tiles.json")
        #expect(styleSources["mc-raster-src-json"]?["minzoom"]?.numberValue?.intValue == 3)
        #expect(
            styleSources["mc-raster-src-local"]?["tiles"]?[0]?.stringValue
                == "{localTileServer}/tiles/{route:heat}/512/v1/{z}/{x}/{y}{ratio}.png")
        #expect(styleSources["mc-raster-src-tms"]?["scheme"]?.stringValue == "tms")
        #expect(styleSources["mc-raster-src-arc"]?["scheme"] == nil, "xyz is the default and is not written")
        #expect(
            composition.placeholders.map(\.placeholder) == [.apiKey, .localTileServer, .route("heat")],
            "a cache key given at build time is no placeholder")
        #expect(
            composition.placeholders.dropFirst().map(\.pointers) == [
                ["/sources/mc-raster-src-local/tiles/0"], ["/sources/mc-raster-src-local/tiles/0"],
            ])
        #expect(
            composition.sources.filter { TileJSONDocument.make(for: $0.declaration) != nil }.map(\.declaration.id) == [
                "arc", "local", "tms",
            ],
            "a tileJson source has its own TileJSON")
    }

    @Test func invisibleLayersAndOpacity() throws {
        var hidden = Self.source("h")
        hidden.visible = false
        hidden.opacity = 0.25
        let composition = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations(sources: [hidden]))
        let layer = try #require(composition.style["layers"]?.arrayValue?.last)
        #expect(
            JSONWriter(style: .compact).string(layer)
                == "{\"id\":\"mc-raster-layer-h\",\"type\":\"raster\",\"source\":\"mc-raster-src-h\",\"layout\":{\"visibility\":\"none\"},\"paint\":{\"raster-opacity\":0.25}}\n"
        )
    }

    @Test func headersAreWarnedAboutOnTomTom() throws {
        var source = Self.source("a")
        source.userAgent = DeclaredString("App/1")
        let tomtom = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations(sources: [source]))
        #expect(tomtom.diagnostics.map(\.rule) == ["tomtom.headers-ignored"])
        #expect(tomtom.sources.first?.warnings.count == 1)
        source.userAgent = DeclaredString(StyleComposer.defaultUserAgent)
        let quiet = StyleComposer(target: .tomtom, files: Self.files).compose(
            base: try Self.base(), declarations: Declarations(sources: [source]))
        #expect(quiet.diagnostics.isEmpty)
    }

    @Test func takenIDsAreErrors() throws {
        let base = try Self.base(
            """
            {"version": 8, "sources": {"mc-raster-src-a": {"type": "raster"}}, "layers": [{"id": "mc-raster-layer-a", "type": "background"}]}
            """)
        let composition = StyleComposer(target: .maplibre, files: Self.files).compose(
            base: base, declarations: Declarations(sources: [Self.source("a")]))
        #expect(composition.diagnostics.map(\.rule) == ["compose.id-taken", "compose.id-taken"])
    }
}
