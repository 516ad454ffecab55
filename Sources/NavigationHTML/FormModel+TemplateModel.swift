import HTMLTemplates

// What `navigation/form.mustache` reads, by name.

extension FormModel: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "formID": .text(\.formID),
        "formAction": .text(\.formAction),
        "formToken": .text(\.formToken),
        "action": .text(\.action),
        "hidden": .list(\.hidden),
        "fields": .list(\.fields),
        "error": .text(\.error),
        "hasFormError": .flag { $0.error != nil },
        "cancelHref": .text(\.cancelHref),
        "submitTitle": .text(\.submitTitle),
    ])
}

extension FormModel.Field: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "id": .text(\.id),
        "label": .text(\.label),
        "name": .text(\.name),
        "value": .text(\.value),
        "maxLength": .number(\.maxLength),
        "inputMode": .text(\.inputMode),
        "isRequired": .flag(\.isRequired),
        "autocomplete": .text(\.autocomplete),
        "hasFocus": .flag(\.hasFocus),
        // Not `error`: a field without one would find the form's in the enclosing context.
        "fieldError": .text(\.error),
        "type": .text(\.type),
        "minimum": .text(\.minimum),
        "maximum": .text(\.maximum),
        "step": .text(\.step),
        "rows": .number(\.rows),
        "isTextarea": .flag { $0.rows != nil },
        "isSelect": .flag(\.isSelect),
        "options": .list(\.options),
        "isToggle": .flag(\.isToggle),
        "isOn": .flag(\.isOn),
        "isInput": .flag { $0.rows == nil && !$0.isSelect && !$0.isToggle },
        // maxlength is for text: HTML does not allow it on a number or a date.
        "hasLength": .flag { $0.type != "number" && $0.type != "date" },
    ])
}

extension FormModel.Option: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "value": .text(\.value),
        "title": .text(\.title),
        "isSelected": .flag(\.isSelected),
    ])
}

extension FormModel.Hidden: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "name": .text(\.name),
        "value": .text(\.value),
    ])
}
