import ArborCore
import ArborSources
import ArborTUI
import Testing

@Suite("What the screen says about input held to its limits")
struct InputLimitScreenTests {
    @Test func aListCutShortSaysSoInItsColumnAndInTheFooter() async throws {
        let source = CommandSource(childrenCommand: "yes {}", root: "loop", timeout: 30, outputLimit: 1 << 20)
        var driver = await ScreenDriver(source, name: "loop", width: 100, height: 16)
        let said = "the command's output reached 512.0 KB, its share of the memory ceiling"
        let column = driver.lines.dropLast().filter { $0.contains("⚠ " + said.prefix(30)) }
        #expect(column.count == 1, "\(driver.lines.joined(separator: "\n"))")
        await driver.press(.right)
        #expect(driver.lines.last?.contains(said.prefix(40)) == true, "the footer says it while the focus is in the list")
        #expect(driver.controller.state.store[driver.controller.state.navigation.levels[1].parent].childNotice?.hasPrefix(said) == true)
    }

    @Test func theLoadingScreenCountsBytesThenSaysItIsIndexing() {
        let progress = ReadProgress()
        #expect(LoadingFrame(name: "big.json", tick: 0, elapsed: 2.4, progress: progress).status == "reading big.json… 2 s")
        progress.expect(4 << 30)
        progress.add(1 << 30)
        let reading = LoadingFrame(name: "big.json", tick: 0, elapsed: 2, progress: progress)
        #expect(reading.status == "reading big.json… 1.0 GB of 4.0 GB · 512.0 MB/s · 2 s")
        #expect(reading.render(size: (width: 80, height: 10)).lines[5].contains("1.0 GB of 4.0 GB"))
        progress.finishReading()
        #expect(LoadingFrame(name: "big.json", tick: 0, elapsed: 3, progress: progress).status == "indexing big.json… 1.0 GB read · 3 s")
        let stream = ReadProgress()
        stream.add(1500)
        #expect(LoadingFrame(name: "stdin", tick: 1, elapsed: 0.01, progress: stream).status == "reading stdin… 1.5 KB · 0 s")
    }
}
