"""Generated from proto/ by clients/python/generate; never edited by hand."""
