extension FormField {
    /// The field as `navigation/form.mustache` draws it: `value` is what it holds now (what was
    /// posted, after a rejection), `isToggledOn` a posted toggle's state.
    func model(value: String, isToggledOn: Bool?, hasFocus: Bool, error: String?) -> FormModel.Field {
        var type: String?, minimum: String?, maximum: String?, step: String?, rows: Int?
        var options: [FormModel.Option] = []
        var isSelect = false, isToggle = false
        switch kind {
        case .text: type = isSecure ? "password" : nil
        case .multiline(let lines): rows = max(lines, 2)
        case .email: type = "email"
        case .url: type = "url"
        case .phone: type = "tel"
        case .number(let low, let high, let increment):
            type = "number"
            minimum = low.map(Self.text)
            maximum = high.map(Self.text)
            step = increment.map(Self.text) ?? "any"
        case .date(let earliest, let latest):
            (type, minimum, maximum) = ("date", earliest, latest)
        case .picker(let choices):
            isSelect = true
            let chosen = choices.contains { $0.value == value }
            // Nothing chosen yet (or a value no longer offered): a first option that says so.
            options = (chosen ? [] : [FormModel.Option(value: "", title: "Choose…", isSelected: true)])
                + choices.map { FormModel.Option(value: $0.value, title: $0.title, isSelected: $0.value == value) }
        case .toggle:
            isToggle = true
        }
        let isOn = isToggledOn ?? (value == "on")
        return FormModel.Field(
            id: "field-\(name)", label: label, name: name, value: value, maxLength: maxLength, inputMode: inputMode,
            isRequired: isRequired, autocomplete: textContentType?.rawValue, hasFocus: hasFocus,
            error: error, type: type, minimum: minimum, maximum: maximum, step: step, rows: rows,
            isSelect: isSelect, options: options, isToggle: isToggle, isOn: isOn)
    }

    /// 12, not 12.0: a bound as HTML writes it.
    private static func text(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
