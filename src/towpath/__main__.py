from towpath.cli.main import main

main()
