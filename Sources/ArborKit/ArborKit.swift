// The model (sources, items, actions) and the terminal pieces (keys, themes, cells) come with the library, so
// that a program presenting the browser needs one import.
@_exported import ArborCore
@_exported import ArborTUI
