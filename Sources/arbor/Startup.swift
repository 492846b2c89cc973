import ArborConfig
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The settings of the configuration file and `ARBOR_DEFAULT_OPTS`, read once at start.
enum Startup {
    /// The variables Arbor reads at start, those that are set.
    static var environment: [String: String] {
        var result: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME", "ARBOR_DEFAULT_OPTS"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }

    /// The configuration file's settings; a broken file is a failure naming its line.
    static func settings(environment: [String: String]) throws(ArborFailure) -> Settings {
        guard let path = ConfigFile.path(environment: environment) else { return Settings() }
        do {
            return try ConfigFile.load(path: path)
        } catch {
            throw .invalid(error.description)
        }
    }

    /// The command line with the defaults in front of the browse options: the file's, then the variable's.
    static func arguments(_ given: [String], settings: Settings, environment: [String: String]) throws(ArborFailure) -> [String] {
        let subcommands: Set<String> = ["print", "query", "keys", "help", "--version"]
        if let first = given.first, subcommands.contains(first) { return given }
        var defaults = settings.arguments
        if let options = environment["ARBOR_DEFAULT_OPTS"] {
            do {
                defaults += try ArgumentWords.split(options, source: "ARBOR_DEFAULT_OPTS")
            } catch {
                throw .invalid(error.description)
            }
        }
        if given.first == "browse" { return ["browse"] + defaults + given.dropFirst() }
        return defaults + given
    }
}
