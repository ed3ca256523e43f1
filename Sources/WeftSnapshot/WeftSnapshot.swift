// WeftSnapshot: see Package.swift for what this module holds. Filled in by its issue.
