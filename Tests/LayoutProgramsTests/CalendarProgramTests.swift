import LayoutPrograms
import Testing

/// The calendar week program (a layout the service has no kind for), against frames worked out by hand.
struct CalendarProgramTests {
    @Test func clashingEventsShareTheirDaySideBySide() throws {
        let parameters = """
            {"days": 7, "firstHour": 8, "hourHeight": 60, "timeColumnWidth": 50, "headerHeight": 40,
             "events": [1, 9, 10.5,  1, 10, 11,  1, 11, 12,  3, 9, 10]}
            """
        let frames = try ExampleModules.program("calendar").run(
            ProgramInput(viewWidth: 750, viewHeight: 844, itemCounts: [4], json: parameters), limits: ExampleModules.roomy)
        // Seven day headers, 100 wide after the 50-wide time column.
        let kinds: [String?] = Array(repeating: "day", count: 7) + Array(repeating: nil, count: 4)
        #expect(frames.kind == kinds)
        #expect(frames.item == [0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3])
        let headerX: [Double] = [50, 150, 250, 350, 450, 550, 650]
        #expect(Array(frames.x.prefix(7)) == headerX)
        #expect(Array(frames.width.prefix(7)) == Array(repeating: 100.0, count: 7))
        // Monday: 9:00-10:30 and 10:00-11:00 clash (half the day each); 11:00-12:00 starts as the group ends.
        // Wednesday: 9:00-10:00 alone.
        let x: [Double] = [150, 200, 150, 350]
        let y: [Double] = [100, 160, 220, 100]
        let width: [Double] = [50, 50, 100, 100]
        let height: [Double] = [90, 60, 60, 60]
        #expect(Array(frames.x.suffix(4)) == x)
        #expect(Array(frames.y.suffix(4)) == y)
        #expect(Array(frames.width.suffix(4)) == width)
        #expect(Array(frames.height.suffix(4)) == height)
    }

    @Test func manyEventsOnOneDayAreSortedAndLaned() throws {
        // 1,000 one-hour events on day 0, each starting half an hour after the previous: two lanes throughout.
        let events = (0..<1000).map { "0, \(Double($0) / 2), \(Double($0) / 2 + 1)" }.joined(separator: ", ")
        let frames = try ExampleModules.program("calendar").run(
            ProgramInput(viewWidth: 750, viewHeight: 844, itemCounts: [1000],
                         json: #"{"events": [\#(events)]}"#), limits: ExampleModules.roomy)
        #expect(frames.count == 1007)
        #expect(frames.width.suffix(1000).allSatisfy { $0 == 50 })
        let lanes: [Double] = (0..<1000).map { 50 + Double($0 % 2) * 50 }
        #expect(Array(frames.x.suffix(1000)) == lanes)
    }
}
