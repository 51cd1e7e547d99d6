"""Errors the domain raises; their messages are shown to the clerk as they are (Portuguese)."""


class DomainError(Exception):
    """A request refused by a rule or by bad input. `str()` is the user-facing message."""


class ValidationError(DomainError):
    """Bad input in one field; `field` is the label shown to the user."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class RuleRefusal(DomainError):
    """A rule of the município's profile forbids the action; the message cites the article."""

    def __init__(self, message: str, article: str = ""):
        super().__init__(f"{message} ({article})" if article else message)
        self.article = article


class ProfileError(ValueError):
    """A profile file that cannot be used; the message names the file and the key."""
