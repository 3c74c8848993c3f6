import StyleMath
import Testing

/// The StyleMath catalog's article "Unified and TomTom zoom", its code compiled and run as written.
@Suite struct ArticleExampleTests {
    @Test func unifiedAndTomTomZoomConvertsAsTheArticleSays() throws {
        // Tokyo Station: unified zoom 12 is TomTom zoom 10.54 there.
        let tomTom = try ZoomCalibration.tomTomZoom(unifiedZoom: 12, latitude: 35.6812)
        let unified = try ZoomCalibration.unifiedZoom(tomTomZoom: tomTom, latitude: 35.6812)
        let offset = try ZoomCalibration.offset(latitude: 35.6812)  // 1.46 zoom levels
        // end of the example
        #expect(abs(tomTom - 10.54) < 0.005)
        #expect(abs(unified - 12) < 1e-9)
        #expect(abs(offset - 1.46) < 0.005)
    }
}
