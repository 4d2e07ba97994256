from service.cli.commands import main

raise SystemExit(main())
