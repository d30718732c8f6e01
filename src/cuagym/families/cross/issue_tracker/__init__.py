"""Cross-app task families homed in issue_tracker."""
