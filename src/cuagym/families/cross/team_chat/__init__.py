"""Cross-app task families homed in team_chat."""
