// Apps name templates, conform page models and load the library through NavigationHTML alone.
@_exported import HTMLTemplates
