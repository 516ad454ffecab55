/// A form (`<form>`) on a page: its controls as a browser sees them, and what it would submit.
///
/// Controls are `input`s (text-like, hidden, checkbox, radio; `file`, `reset` and `button` are
/// left out), `textarea`s and `select`s inside the form. A control's label is the text of a
/// `<label for>` naming its `id`, else of the `<label>` around it, else its `aria-label`.
public struct PageForm: Sendable {
    /// A control that submits a value.
    public struct Field: Sendable, Hashable {
        /// The `name` attribute; a field without one is never submitted.
        public let name: String
        /// The label a person reads beside it, or nil when it has none (a hidden field).
        public let label: String?
        /// `text`, `hidden`, `checkbox`, `radio`, `password`…, or `textarea` or `select`.
        public let type: String
        /// The value it submits: as written in the page, or as set by `TestBrowser.submit`.
        public internal(set) var value: String
        /// For a checkbox or a radio button, whether it is checked; true for every other field.
        public internal(set) var isChecked: Bool
        /// A `select`'s options as (value, text), else empty.
        public let options: [Option]
        /// A disabled field is never submitted.
        public let isDisabled: Bool
        /// Its place among the form's controls and buttons.
        let position: Int
    }

    /// An option of a `select`.
    public struct Option: Sendable, Hashable {
        /// The value it submits.
        public let value: String
        /// The text it shows.
        public let text: String
    }

    /// A submit button: `<button>` (of type `submit`, the default) or `<input type=submit|image>`.
    public struct Button: Sendable, Hashable {
        /// Its text (for an `input`, its `value`), or its `aria-label` when it shows no text.
        public let text: String
        /// The `name` attribute: when present, a click submits `name=value` too, as a browser does.
        public let name: String?
        /// The `value` attribute, submitted with `name`.
        public let value: String
        /// The `formaction` attribute, which overrides the form's `action`.
        public let formAction: String?
        /// The `formmethod` attribute, which overrides the form's `method`.
        public let formMethod: String?
        let position: Int
    }

    /// `GET` or `POST` (the `method` attribute; GET when absent or unknown).
    public let method: String
    /// The `action` attribute as written; "" submits to the page's own URL.
    public let action: String
    /// The controls that can submit a value, in document order.
    public internal(set) var fields: [Field]
    /// The submit buttons, in document order.
    public let buttons: [Button]

    /// The value the field labelled or named `labelOrName` would submit; for a radio group, the
    /// checked one's. Nil when the form has no such field or nothing in the group is checked.
    public func value(of labelOrName: String) -> String? {
        fields(for: labelOrName).first { $0.isChecked }?.value
    }

    /// The fields `key` names: those whose label (or `aria-label`) is `key`, else those whose
    /// name is.
    func fields(for key: String) -> [Field] {
        let labelled = fields.filter { $0.label == key }
        return labelled.isEmpty ? fields.filter { $0.name == key } : labelled
    }

    /// Every label and name a test may use, for error messages.
    var keys: [String] {
        var keys: [String] = []
        for field in fields {
            for key in [field.label, field.name].compactMap({ $0 }) where !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// The form with `value` set in the field `key` names, as a person types, picks or ticks.
    /// A checkbox is ticked by its value, "on" or "true" and cleared by "", "off" or "false"; a
    /// radio group and a `select` take one of their values (or an option's text).
    func setting(_ key: String, to value: String, button: String) throws(BrowserError) -> PageForm {
        let targets = fields(for: key)
        guard let first = targets.first else { throw .noField(key, button: button, available: keys) }
        var form = self
        switch first.type {
        case "radio":
            let group = fields.indices.filter { fields[$0].name == first.name && fields[$0].type == "radio" }
            guard group.contains(where: { fields[$0].value == value || fields[$0].label == value }) else {
                throw .invalidValue(value, field: key, allowed: group.map { fields[$0].value })
            }
            for index in group { form.fields[index].isChecked = fields[index].value == value || fields[index].label == value }
        default:
            for index in fields.indices where targets.contains(fields[index]) {
                try form.fields[index].set(value, key: key)
            }
        }
        return form
    }

    /// The name-value pairs a click on `button` submits, in document order: every enabled, named
    /// field (a checkbox or radio only when checked), and the button's own `name=value`.
    func entries(clicking button: Button?) -> [(String, String)] {
        var entries: [(position: Int, name: String, value: String)] = fields
            .filter { !$0.isDisabled && !$0.name.isEmpty && $0.isChecked }
            .map { ($0.position, $0.name, $0.value) }
        if let button, let name = button.name, !name.isEmpty { entries.append((button.position, name, button.value)) }
        return entries.sorted { $0.position < $1.position }.map { ($0.name, $0.value) }
    }
}

extension PageForm.Field {
    fileprivate mutating func set(_ newValue: String, key: String) throws(BrowserError) {
        switch type {
        case "checkbox":
            switch newValue.lowercased() {
            case "", "off", "false": isChecked = false
            case "on", "true", value.lowercased(): isChecked = true
            default: throw .invalidValue(newValue, field: key, allowed: [value, "on", "off"])
            }
        case "select":
            guard let option = options.first(where: { $0.value == newValue }) ?? options.first(where: { $0.text == newValue }) else {
                throw .invalidValue(newValue, field: key, allowed: options.map(\.value))
            }
            value = option.value
        default:
            value = newValue
        }
    }
}
