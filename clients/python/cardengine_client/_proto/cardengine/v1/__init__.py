"""Generated from proto/ by scripts/generate_proto; never edited by hand."""
