import Foundation

/// Every input is tried as a cookie and as an update stream's token (`UpdateTokenCheck`).
/// Timing of every input, reported when the process exits: the fuzzer's own timeout is whole
/// seconds, the promise here is 100 ms of the decoder's own CPU time (wall time would count
/// whatever else the machine runs). A slow input is kept in `artifacts/fuzz/` when that folder
/// exists, to replay.
nonisolated(unsafe) private var slowest: Duration = .zero
nonisolated(unsafe) private var overLimit = 0
nonisolated(unsafe) private var inputs = 0

private func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

private func measured(_ data: Data) {
    let start = threadCPUTime()
    CookieCheck.run(data)
    UpdateTokenCheck.run(data)
    let elapsed = threadCPUTime() - start
    inputs += 1
    slowest = max(slowest, elapsed)
    if elapsed > .milliseconds(100) {
        overLimit += 1
        try? data.write(to: URL(fileURLWithPath: "artifacts/fuzz/slow-\(overLimit)"))
    }
}

private func report() {
    let ms = Double(slowest.components.attoseconds) / 1e15 + Double(slowest.components.seconds) * 1000
    print(String(format: "cookie fuzzing: %d inputs, slowest %.2f ms, %d over 100 ms", inputs, ms, overLimit))
}

#if FUZZING
/// libFuzzer's driver, linked in by `-sanitize=fuzzer`. SwiftPM's executables bring their own
/// `main`, so this one hands libFuzzer the command line instead of letting it own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Every input libFuzzer generates.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    measured(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

/// Built with `-sanitize=fuzzer,address -D FUZZING` (see `scripts/fuzz`): libFuzzer's options apply.
@main enum Fuzz {
    static func main() {
        atexit { report() }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runDriver(&argc, &argv, testOneInput))
    }
}
#else
/// Without the fuzzer: replays the files and folders named (a corpus, or a crash to debug).
@main enum Replay {
    static func main() throws {
        for argument in CommandLine.arguments.dropFirst() {
            let url = URL(fileURLWithPath: argument)
            let files = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [url]
            for file in files { measured(try Data(contentsOf: file)) }
        }
        report()
    }
}
#endif
