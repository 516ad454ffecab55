extension Demo {
    /// An order in the order history (`/order/ORD-001`).
    public struct Order: Sendable, Hashable, Codable {
        /// `ORD-` and at least three digits, e.g. `ORD-001`; never reused once deleted.
        public var id: String
        public var title: String
        /// The price in cents, so that sums and comparisons stay exact.
        public var cents: Int

        public init(id: String, title: String, cents: Int) {
            self.id = id
            self.title = title
            self.cents = cents
        }

        /// The price in dollars for display: `29999` → `"$299.99"`, `-150` → `"-$1.50"`.
        public var amount: String {
            let magnitude = cents.magnitude
            let fraction = String(magnitude % 100)
            let padded = fraction.count < 2 ? "0" + fraction : fraction
            return "\(cents < 0 ? "-" : "")$\(magnitude / 100).\(padded)"
        }
    }
}
