// `import NavigationHTML` is all an app imports: the state (Navigation), the server and its
// requests and responses (MicroHTTP), templates and page models (HTMLTemplates), and the log.
@_exported import HTMLTemplates
@_exported import MicroHTTP
@_exported import Navigation
@_exported import struct Logging.Logger
