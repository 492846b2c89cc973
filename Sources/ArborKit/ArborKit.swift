// What a program presenting the browser writes against comes with the library, so that it needs one import: the
// source protocols and item content of ArborCore, the keys, commands, cell modes and themes of ArborTUI. Only
// their public declarations travel; the engine (state, store, run loop, terminal) is `package`, and
// docs/public-api.txt lists the whole surface, checked by `make test`.
@_exported import ArborCore
@_exported import ArborTUI
