print("nothing to change")
