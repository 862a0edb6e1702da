import ArgumentParser

@main
struct LayoutServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-service",
        abstract: "UICollectionView's layout half as an HTTP service.",
        discussion: """
            Every option can also be set by an environment variable (shown with each option); a flag given on \
            the command line wins over the environment, which wins over the default.
            """,
        subcommands: [Serve.self, Healthcheck.self],
        defaultSubcommand: Serve.self)
}
