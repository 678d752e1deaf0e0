"""The record: text -> record (reader; fastread for ordinary records, larkread with recovery for the rest, lalr:
Lark's parser; build: what the items mean), the model, and back to text."""
