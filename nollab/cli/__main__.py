import sys

from nollab.cli import main

sys.exit(main())
