"""The words a rule profile's choice keys may hold (docs/profiles.md): the loader's dataclasses
(domain/profiles.py) name them in comments, its checks (domain/profile_checks.py) and the
JSON Schema (domain/profile_schema.py) refuse any other. A module of its own so the checks
need not import the loader that calls them."""
from __future__ import annotations

APPLICATION_TYPES = (
    "new_permit", "renewal", "transfer", "vehicle_substitution", "stand_change",
    "interruption", "withdrawal", "auxiliary_driver", "card_second_copy",
)
WAITING_LIST_MODES = ("automatic", "licitacao", "edital", "none")  # none: the law has no list
SANCTIONS = ("suspension", "revocation", "cassation")
DECISION_WARNS = ("interrupt", "extend", "renew", "license")
INSPECTION_KINDS = ("annual", "semiannual", "both")
MONTH_RULES = ("calendar", "days30")
RELEASE_REASONS = ("payment", "fault_corrected", "maintenance")
RELEASE_REQUIREMENTS = ("fines", "removal", "storage", "permit")
# who may own the holder's vehicle: the holder only (PF Art. 15 VII, SRM Art. 20 II, L1745
# Art. 2 §2º I); the holder, the spouse or a relative to the 2nd degree; anyone
OWNER_RULES = ("holder", "holder_or_family", "any")
INSTRUMENT_KINDS = ("permissao", "autorizacao", "licenca")
# what each kind of act and its holder are called where the profile names neither
INSTRUMENT_WORDS = {"permissao": ("Permissão", "Permissionário"),
                    "autorizacao": ("Autorização", "Autorizatário"),
                    "licenca": ("Licença", "Licenciado")}
VEHICLE_KINDS = ("motocicleta", "triciclo")
# what missing a recadastramento campaign means (docs/profiles.md, [recadastramento])
RECADASTRAMENTO_MISSES = ("nothing", "alert", "sanction")
# the means by which a notice may be notified (docs/profiles.md, defence.notification_means):
# in person, by post with receipt, in the Diário Oficial (SRM Art. 34 §2º) — and e-mail, a word
# a law could use but the program does not yet record as a notification (profile_checks
# refuses it rather than accept a means it would ignore)
NOTIFICATION_MEANS = ("in_person", "post", "gazette", "email")
NOTIFICATION_MEANS_RECORDED = ("in_person", "post", "gazette")
