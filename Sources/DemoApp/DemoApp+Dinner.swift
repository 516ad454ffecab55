import Foundation
import NavigationHTML

extension DemoApp {
    /// "Plan a Dinner": one field of each kind the library draws and checks, the course picked
    /// from the recipe categories, the day from today to a year ahead.
    func dinnerFields(now: Date = Date()) async throws -> [FormField] {
        let today = Demo.Order.today(now)
        let nextYear = Demo.Order.today(Calendar(identifier: .gregorian).date(byAdding: .year, value: 1, to: now) ?? now)
        return [
            FormField("Name", name: "name", value: "", textContentType: .name, isRequired: true),
            FormField("Email", name: "email", value: "", isRequired: true, kind: .email),
            FormField("Phone", name: "phone", value: "", kind: .phone),
            FormField("A recipe to try (web address)", name: "link", value: "", maxLength: 300, kind: .url),
            FormField("Guests", name: "guests", value: "2", kind: .integer(minimum: 1, maximum: 12)),
            FormField("Day", name: "day", value: today, isRequired: true, kind: .date(earliest: today, latest: nextYear)),
            FormField("Course", name: "course", value: "", isRequired: true,
                      kind: .picker(try await store.categories().map { FormField.Choice($0.name, value: $0.id) })),
            FormField("Notes", name: "notes", value: "", maxLength: 500, kind: .multiline(lines: 3)),
            FormField("Remind me the day before", name: "remind", value: "on", kind: .toggle),
        ]
    }

    /// The Recipes tab's Plan a Dinner, in its bar.
    func planDinnerButton(_ context: ScreenContext<DemoNavigation>) -> ToolbarItem {
        ToolbarItem("Plan a Dinner", systemImage: "calendar", to: .present(.planDinner), in: context)
    }
}
