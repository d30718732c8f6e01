"""Home lists: the task families homed in each app, single-app and cross-app together, in the
order ``cuagym synth --n`` samples them round robin. Each module is one ``cuagym.families``
entry point. They live apart from the family packages so that a family package never imports
the cross layer (which imports family packages' public names): any family module can be
imported first.
"""
