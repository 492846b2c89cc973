import ArborCore
import ArborSources
import ArborTUI
import Testing

@Suite("Themes")
struct ThemeTests {
    /// The plant sample's first frame and the cell of the focused title.
    func frame() async throws -> (CellGrid, focused: (Int, Int), plain: (Int, Int)) {
        let driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        let grid = driver.controller.render()
        let lines = grid.lines
        let row = try #require(lines.firstIndex { $0.contains("▌Hamburg Plant") })
        let x = try #require(lines[row].range(of: "▌Hamburg")).lowerBound.utf16Offset(in: lines[row]) + 1
        let other = try #require(lines.firstIndex { $0.contains(" Berlin Plant") })
        return (grid, (x, row), (x, other))
    }

    @Test func everyBuiltInKeepsTheFocusVisibleWithAndWithoutColour() async throws {
        let (grid, focused, plain) = try await frame()
        let focusedStyle = grid[focused.0, focused.1].style
        let plainStyle = grid[plain.0, plain.1].style
        #expect(focusedStyle == CellStyle(.title, highlighted: true))
        #expect(plainStyle == CellStyle(.title))
        for theme in [Theme.standard, .light, .mono] {
            for colors in [0, 8, 256] {
                for candidate in [theme, theme.withoutColor()] {
                    let on = candidate.resolve(focusedStyle, colors: colors)
                    let off = candidate.resolve(plainStyle, colors: colors)
                    #expect(on != off, "\(theme.name) at \(colors) colours hides the focus")
                    if !candidate.usesColor || colors == 0 {
                        #expect(on.foreground == .terminalDefault && on.background == .terminalDefault)
                        #expect(on.reverse, "\(theme.name) without colour shows the focus in reverse video")
                    }
                }
            }
        }
    }

    @Test func perCellLooksUnderTheDefaultTheme() async throws {
        let (grid, focused, plain) = try await frame()
        let theme = Theme.standard
        #expect(theme.resolve(grid[focused.0, focused.1].style, colors: 256) == RoleLook(background: .index(238), bold: true))
        #expect(theme.resolve(grid[plain.0, plain.1].style, colors: 256) == RoleLook(bold: true))
        #expect(theme.resolve(grid[focused.0, focused.1].style, colors: 8).background == .index(0),
                "238, a dark grey, becomes black on an 8-colour terminal")
        let subtitleRow = focused.1 + 1
        #expect(theme.resolve(grid[focused.0, subtitleRow].style, colors: 256).foreground == .index(6))
        let header = theme.resolve(grid[0, 0].style, colors: 256)
        #expect(header.reverse)
    }

    @Test func coloursParseAndFitSmallerPalettes() {
        #expect(ThemeColor(name: "red") == .index(1))
        #expect(ThemeColor(name: "bright-blue") == .index(12))
        #expect(ThemeColor(name: "214") == .index(214))
        #expect(ThemeColor(name: "default") == .terminalDefault)
        #expect(ThemeColor(name: "256") == nil)
        #expect(ThemeColor(name: "mauve") == nil)
        #expect(ThemeColor.index(12).fitted(to: 8) == .index(4))
        #expect(ThemeColor.index(196).fitted(to: 8) == .index(1))
        #expect(ThemeColor.index(46).fitted(to: 8) == .index(2))
        #expect(ThemeColor.index(255).fitted(to: 8) == .index(7))
        #expect(ThemeColor.index(196).fitted(to: 256) == .index(196))
        #expect(ThemeColor.terminalDefault.fitted(to: 8) == .terminalDefault)
    }

    @Test func roleNamesRoundTrip() {
        for role in StyleRole.allCases { #expect(StyleRole(name: role.name) == role) }
        #expect(StyleRole.selectedIcon.name == "selected-icon")
        #expect(StyleRole(name: "nope") == nil)
    }
}
