"""The record: grammar -> record tree (reader, recovery; lalr: the parser), the model, and back to text."""
