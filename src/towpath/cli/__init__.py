"""The `towpath` command."""
