#if PostgreSQL
import MicroHTTP
import PostgresNIO

extension PostgresDemoStore {
    static let unavailable = HTTPError.unavailable(
        "The database is temporarily unavailable. Try again in a moment.", retryAfter: 2)

    /// Errors that mean the database is out of reach become `HTTPError.unavailable`; a lost
    /// connection also starts an outage (see `outage`).
    func translatingErrors<Result>(_ body: () async throws -> Result) async throws -> Result {
        progress.withLock { $0.waiting += 1 }
        defer { progress.withLock { $0 = ($0.waiting - 1, .now) } }
        do {
            return try await body()
        } catch let error as PostgresTransactionError {
            throw translated(error.closureError ?? error.beginError ?? error.commitError ?? error)
        } catch {
            throw translated(error)
        }
    }

    private func translated(_ error: any Error) -> any Error {
        guard let error = error as? PSQLError else {
            // The request was abandoned (its client left, or its deadline answered 503) while
            // it waited for a connection: the pool's "request cancelled" is no server error,
            // and must not be logged and counted as a 500.
            return Task.isCancelled && !(error is HTTPError) ? CancellationError() : error
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .poolClosed, .clientClosedConnection:
            outage.withLock { $0 = $0 ?? .now }
            return Self.unavailable
        case .queryCancelled:
            return Self.unavailable
        case .server:
            // 57014: canceled (statement_timeout); 57P0x: the server is shutting down or
            // restarting; class 08: connection failures; class 53: out of resources.
            let state = error.serverInfo?[.sqlState] ?? ""
            if state.hasPrefix("57P") || state.hasPrefix("08") {
                outage.withLock { $0 = $0 ?? .now }
                return Self.unavailable
            }
            if state == "57014" || state.hasPrefix("53") { return Self.unavailable }
            return error
        default:
            return error
        }
    }
}
#endif
import Synchronization
