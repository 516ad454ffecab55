import Foundation

extension Demo {
    /// An order in the order history (`/order/ORD-001`).
    public struct Order: Sendable, Hashable, Codable {
        /// `ORD-` and at least three digits, e.g. `ORD-001`; never reused once deleted.
        public var id: String
        public var title: String
        /// The price in cents, so that sums and comparisons stay exact.
        public var cents: Int
        /// The day it was placed, `YYYY-MM-DD` (the seed's own, or the day it was created).
        public var placedOn: String

        public init(id: String, title: String, cents: Int, placedOn: String = "") {
            self.id = id
            self.title = title
            self.cents = cents
            self.placedOn = placedOn
        }

        /// The day for people: `"2026-11-05"` → `"Nov 5, 2026"` (as SwiftUI's `.date` style
        /// writes it in English, whatever the server's locale); the stored text when it is not
        /// such a day.
        public var date: String {
            let parts = placedOn.split(separator: "-")
            guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                  (1...12).contains(month), (1...31).contains(day)
            else { return placedOn }
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            return "\(months[month - 1]) \(day), \(year)"
        }

        /// Today as `placedOn` writes it, in the server's time zone.
        public static func today(_ now: Date = Date(), calendar: Calendar = .current) -> String {
            let parts = calendar.dateComponents([.year, .month, .day], from: now)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }

        /// The price in dollars for display: `29999` → `"$299.99"`, `-150` → `"-$1.50"`.
        public var amount: String { dollars(symbol: "$") }

        /// The price as the edit form shows and takes it: `29999` → `"299.99"`, `-150` → `"-1.50"`.
        public var decimalAmount: String { dollars(symbol: "") }

        private func dollars(symbol: String) -> String {
            let magnitude = cents.magnitude
            let fraction = String(magnitude % 100)
            let padded = fraction.count < 2 ? "0" + fraction : fraction
            return "\(cents < 0 ? "-" : "")\(symbol)\(magnitude / 100).\(padded)"
        }
    }
}
