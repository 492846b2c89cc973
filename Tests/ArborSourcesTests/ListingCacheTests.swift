@testable import ArborSources
import Testing

@Suite("The listings kept of long lists")
struct ListingCacheTests {
    @Test func theListingUsedLongestAgoGoesFirst() {
        let cache = ListingCache<Int>()
        for key in 0..<4 { cache.keep(key, for: "k\(key)") }
        #expect(cache.listing(for: "k0") == 0)
        cache.keep(4, for: "k4")
        #expect(cache.listing(for: "k0") == 0, "used since it was kept")
        #expect(cache.listing(for: "k1") == nil)
        #expect(cache.listing(for: "k2") == 2 && cache.listing(for: "k4") == 4)
        cache.forget(["k2"])
        #expect(cache.listing(for: "k2") == nil)
    }

    @Test func aBudgetKeepsFewer() {
        let cache = ListingCache<Int>(budget: 10) { $0 }
        cache.keep(6, for: "a")
        cache.keep(6, for: "b")
        #expect(cache.listing(for: "a") == nil && cache.listing(for: "b") == 6)
    }
}
