"""Cross-app families homed in the image editor: a workbook in Calc that says which sizes to
export, a brief in Writer that holds the caption to set."""
