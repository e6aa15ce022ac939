"""Publishing the dashboards: served by Voilà (:mod:`nollab.publish.serve`, ``nollab dashboard``)
or built into a static site that runs in the visitor's browser (:mod:`nollab.publish.static`,
``nollab publish --static DIR``). No Jupyter import at module level: the CLI stays fast."""
