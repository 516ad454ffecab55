extension PageForm {
    /// The form element numbered `form` in `document`, read as a browser reads its controls.
    init(document: HTMLDocument, form: Int) {
        let element = document.element(form)
        method = element?["method"]?.uppercased() == "POST" ? "POST" : "GET"
        action = element?["action"] ?? ""
        var fields: [Field] = []
        var buttons: [Button] = []
        for (position, index) in Self.controls(of: form, in: document).enumerated() {
            guard let control = document.element(index) else { continue }
            let label = { Self.label(of: index, in: document) }
            switch control.name {
            case "input":
                let type = (control["type"] ?? "text").lowercased()
                switch type {
                case "submit", "image":
                    let text = control["value"] ?? control["alt"] ?? "Submit"
                    buttons.append(Button(
                        text: text.isEmpty ? control["aria-label"] ?? "" : text, name: control["name"],
                        value: control["value"] ?? "", formAction: control["formaction"],
                        formMethod: control["formmethod"], position: position))
                case "reset", "button", "file":
                    continue
                default:
                    let checkable = type == "checkbox" || type == "radio"
                    fields.append(Field(
                        name: control["name"] ?? "", label: type == "hidden" ? nil : label(), type: type,
                        value: control["value"] ?? (checkable ? "on" : ""),
                        isChecked: !checkable || control["checked"] != nil, options: [],
                        isDisabled: control["disabled"] != nil, position: position))
                }
            case "textarea":
                var text = document.rawText(of: index)
                // As in a browser: a newline right after the start tag is not part of the value.
                if text.hasPrefix("\r\n") { text.removeFirst(2) } else if text.hasPrefix("\n") { text.removeFirst() }
                fields.append(Field(
                    name: control["name"] ?? "", label: label(), type: "textarea", value: text, isChecked: true,
                    options: [], isDisabled: control["disabled"] != nil, position: position))
            case "select":
                let optionElements = document.elements(named: "option", under: index)
                let options = optionElements.map { option in
                    let text = document.text(of: option)
                    return Option(value: document.element(option)?["value"] ?? text, text: text)
                }
                let selected = optionElements.firstIndex { document.element($0)?["selected"] != nil }
                fields.append(Field(
                    name: control["name"] ?? "", label: label(), type: "select",
                    value: selected.map { options[$0].value } ?? options.first?.value ?? "", isChecked: !options.isEmpty,
                    options: options, isDisabled: control["disabled"] != nil, position: position))
            case "button":
                guard (control["type"] ?? "submit").lowercased() == "submit" else { continue }
                let text = document.text(of: index, spoken: true)
                buttons.append(Button(
                    text: text.isEmpty ? control["aria-label"] ?? "" : text, name: control["name"],
                    value: control["value"] ?? "", formAction: control["formaction"],
                    formMethod: control["formmethod"], position: position))
            default:
                continue
            }
        }
        self.fields = fields
        self.buttons = buttons
    }

    /// The elements whose form owner is `form`, in document order, as HTML decides it: one
    /// with a `form` attribute belongs to the form with that `id` (a Save in a bar outside the
    /// form, say), any other to the form around it.
    private static func controls(of form: Int, in document: HTMLDocument) -> [Int] {
        let id = document.element(form)?["id"]
        let inside = Set(document.descendants(of: form))
        return document.nodes.indices.filter { index in
            guard let element = document.element(index) else { return false }
            guard let owner = element["form"] else { return inside.contains(index) }
            return owner == id && document.element(withID: owner) == form
        }
    }

    /// The text of the control's `<label for>`, else of the label around it, else its
    /// `aria-label`; nil when it has none of them.
    private static func label(of control: Int, in document: HTMLDocument) -> String? {
        let element = document.element(control)
        let skipped: Set<String> = ["select", "textarea", "button"]
        if let id = element?["id"], !id.isEmpty,
           let label = document.elements(named: "label").first(where: { document.element($0)?["for"] == id }) {
            return document.textPieces(of: label, skipping: skipped).joined(separator: " ")
        }
        if let label = document.ancestor(of: control, named: "label") {
            let text = document.textPieces(of: label, skipping: skipped).joined(separator: " ")
            if !text.isEmpty { return text }
        }
        return element?["aria-label"]
    }
}
