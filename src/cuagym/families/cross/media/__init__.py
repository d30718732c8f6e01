"""Cross-application families homed in the media player: a running order kept in another app
(a Calc workbook, a Writer document) turned into a playlist."""
