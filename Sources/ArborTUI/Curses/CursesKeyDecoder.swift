import CNcurses

/// Maps what `wget_wch` returns to keys.
enum CursesKeyDecoder {
    /// The key for a function-key code (`KEY_CODE_YES` results).
    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case arbor_key_up(): return .up
        case arbor_key_down(): return .down
        case arbor_key_left(): return .left
        case arbor_key_right(): return .right
        case arbor_key_ppage(): return .pageUp
        case arbor_key_npage(): return .pageDown
        case arbor_key_home(): return .home
        case arbor_key_end(): return .end
        case arbor_key_dc(): return .delete
        case arbor_key_enter(): return .enter
        case arbor_key_backspace(): return .backspace
        case arbor_key_btab(): return .backTab
        case arbor_key_shift_up(): return .shiftUp
        case arbor_key_shift_down(): return .shiftDown
        case arbor_key_shift_ppage(): return .shiftPageUp
        case arbor_key_shift_npage(): return .shiftPageDown
        case arbor_key_resize(): return .resize
        case arbor_key_mouse(): return mouseEvent()
        default: return nil
        }
    }

    /// The mouse event curses has decoded, if it is one Arbor answers.
    static func mouseEvent() -> Key? {
        var x: Int32 = 0
        var y: Int32 = 0
        let kind: MouseEvent.Kind
        switch arbor_read_mouse(&x, &y) {
        case 1: kind = .press
        case 4: kind = .wheelUp
        case 5: kind = .wheelDown
        default: return nil
        }
        return .mouse(MouseEvent(kind, x: Int(x), y: Int(y)))
    }

    /// The key for a character.
    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}
