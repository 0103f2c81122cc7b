"""Prints whether an order is flagged for manual refund review."""
import sys

FLAGGED = {"10017", "10442"}

if __name__ == "__main__":
    order = sys.argv[1]
    print("flagged" if order in FLAGGED else "clear")
