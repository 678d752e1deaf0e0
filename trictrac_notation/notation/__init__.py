"""The record: grammar -> record tree (reader, recovery), the model, and back to text."""
