import LayoutEngine
import LayoutWire
import Testing

/// The parameters' numbers a program reads as binary f64, against literal values.
struct ProgramSpecNumbersTests {
    static func numbers(_ json: String) throws -> [String: [Double]] {
        ProgramSpec.numbers(in: try JSONParser.parse(Array(json.utf8)).root)
    }

    @Test func numbersArraysAndPairsAreKeptOtherShapesAreNot() throws {
        let numbers = try Self.numbers("""
            {"n": 2.5, "list": [1, -2, 3e2], "pairs": [[40, 30], [0.5, 7]], "empty": [],
             "text": "a", "flag": true, "object": {"x": 1}, "mixed": [1, "a"], "triples": [[1, 2, 3]],
             "nested": [[1, [2]]], "short": [[1]], "pairsThenNumber": [[1, 2], 3], "numberThenPair": [1, [2, 3]]}
            """)
        #expect(numbers == ["n": [2.5], "list": [1, -2, 300], "pairs": [40, 30, 0.5, 7], "empty": []])
    }

    @Test func aProgramSpecCarriesTheNumbersOfItsParameters() throws {
        let body = """
            {"layout": "program", "program": "\(String(repeating: "ab", count: 32))",
             "collectionView": {"width": 390, "height": 844}, "sections": [{"items": 2}],
             "parameters": {"columnCount": 2, "itemSizes": [[100, 50], [80, 120]], "title": "x"}}
            """
        guard case .program(let spec) = try SpecDecoder.decodePosted(Array(body.utf8), limits: SpecLimits()) else {
            Issue.record("not a program spec")
            return
        }
        #expect(spec.numbers == ["columnCount": [2], "itemSizes": [100, 50, 80, 120]])
    }
}
