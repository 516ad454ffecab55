@testable import DemoApp
import Foundation
import Testing

/// The Home list's recipe of the day counts days as Foundation's Gregorian calendar does, in the
/// server's time zone: the same recipe on the same day as before.
@Suite struct DayOfYearTests {
    @Test func countsAsTheGregorianCalendar() {
        let calendar = Calendar(identifier: .gregorian)
        // New Year, a leap day, the last day of a leap year and of another, and now.
        let moments: [time_t] = [0, 951_782_400, 1_709_208_000, 1_735_603_200, 1_767_139_200, 1_798_675_199, time(nil)]
        for moment in moments {
            let expected = calendar.ordinality(of: .day, in: .year, for: Date(timeIntervalSince1970: TimeInterval(moment)))
            #expect(DemoApp.dayOfYear(moment) == expected, "\(moment)")
        }
    }
}
