"""initial_setup.py: a contact list with duplicates."""
ROWS = [('Ana Ruiz', 'ana@example.com'), ('Ben Okafor', 'ben@example.com'), ('Ana Ruiz', 'ana@example.com'), ('Chloe Martin', 'chloe@example.com'), ('Ben Okafor', 'ben@example.com'), ('Dev Patel', 'dev@example.com')]
import csv
import os

os.makedirs("Documents", exist_ok=True)
with open("Documents/contacts.csv", "w", newline="") as fh:
    writer = csv.writer(fh)
    writer.writerow(["name", "email"])
    writer.writerows(ROWS)
