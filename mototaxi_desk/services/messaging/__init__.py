"""E-mail: delivery, settings, campaigns."""
