"""Errors the domain raises; their messages are shown to the clerk as they are (Portuguese)."""


class DomainError(Exception):
    """A request refused by a rule or by bad input. `str()` is the user-facing message."""


class ValidationError(DomainError):
    """Bad input in one field; `field` is the label shown to the user."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class ClockNotTrusted(DomainError):
    """An action refused because the computer's date is not trusted yet (services/
    clock_trust.py): the program is read-only until an admin confirms it or it is fixed."""


class RuleRefusal(DomainError):
    """A rule of the município's profile forbids the action; the message cites the article."""

    def __init__(self, message: str, article: str = ""):
        super().__init__(f"{message} ({article})" if article else message)
        self.article = article


class DebtRefusal(RuleRefusal):
    """A request refused because `person_id` owes the município (SRM Art. 50, Art. 17 §1º):
    `debts` are the open items that block it (plain data), so the form that was refused can
    offer to pay them or issue their guia, and then go on."""

    def __init__(self, message: str, article: str = "", *, person_id: int,
                 debts: list[dict]):
        super().__init__(message, article)
        self.person_id = person_id
        self.debts = debts


class ProfileError(ValueError):
    """A profile file that cannot be used; the message names the file and the key."""
