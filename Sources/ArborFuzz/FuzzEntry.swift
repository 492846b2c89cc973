import ArborCore
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Runs an effect to its answer from synchronous code (the fuzz entry point is a C callback).
func blockingPerform(_ performer: EffectPerformer, _ effect: BrowserEffect) -> BrowserAction {
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.action = await performer.perform(effect)
        done.signal()
    }
    done.wait()
    return box.action ?? .start
}

private final class ResultBox: @unchecked Sendable {
    var action: BrowserAction?
}

#if ARBOR_FUZZ
/// libFuzzer's entry: the target named by `ARBOR_FUZZ_TARGET` gets every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let name = getenv("ARBOR_FUZZ_TARGET").map { String(cString: $0) } ?? "json"
    guard let target = FuzzTargets.all[name] else { fatalError("no fuzz target '\(name)'") }
    target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The program's entry (SwiftPM names an executable's main this way): hands the arguments to libFuzzer.
@_cdecl("ArborFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
#else
/// Without the fuzzer: runs every target once on each file given, to replay a corpus or a crash.
@main
struct FuzzReplay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else { continue }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&buffer, 1, buffer.count, file)
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            fclose(file)
            for (_, target) in FuzzTargets.all.sorted(by: { $0.key < $1.key }) { target(bytes) }
        }
    }
}
#endif
