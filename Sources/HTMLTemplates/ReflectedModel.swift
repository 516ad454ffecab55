/// Reads a model that does not conform to `TemplateModel` through reflection: a struct's or
/// class's stored properties, a `[String: Any]`'s keys. Values are taken as `TemplateModel`
/// conformances where they have them.
struct ReflectedModel: TemplateModel {
    let subject: Any

    func field(_ name: String) -> TemplateValue {
        if let model = subject as? any TemplateModel { return model.field(name) }
        if let dictionary = subject as? [String: Any] { return dictionary[name].map(Self.value) ?? .missing }
        guard name != "." else { return Self.value(of: subject) }
        for child in Mirror(reflecting: subject).children where child.label == name {
            return Self.value(of: child.value)
        }
        return .missing
    }

    static func value(of subject: Any) -> TemplateValue {
        switch subject {
        case let text as String: return .text(text)
        case let flag as Bool: return .flag(flag)
        case let number as Int: return .number(number)
        case let bytes as [UInt8]: return .utf8(bytes)
        default: break
        }
        let mirror = Mirror(reflecting: subject)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { value(of: $0.value) } ?? .missing
        case .collection, .set:
            return .list(mirror.children.map { ReflectedModel(subject: $0.value) })
        case .struct, .class, .dictionary, .tuple:
            return .model(ReflectedModel(subject: subject))
        default:
            return .text(String(describing: subject))
        }
    }
}
