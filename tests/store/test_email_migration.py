"""The e-mail step (issue 41 items 3 and 4): a database made before it — by the step's
predecessor and by the last release (tests/releases) — gets the email_delivery and
email_consent tables, empty, every row kept; e-mail then works on it. On SQLite and
PostgreSQL."""
from mototaxi_desk.services.messaging import mail
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import EmailConsent, EmailDelivery, Person

from ..conftest import row_counts
from ..factories import CLERK, make_person
from ..releases import corpus
from .schema_steps import before_step, step_named

STEP = step_named("_step_email")


def test_a_database_made_before_the_step_gets_the_tables(municipio, db_url, tmp_path):
    person = make_person("Antes do E-mail")
    counts = row_counts()
    close_database()
    before_step(db_url, STEP, 'DROP TABLE "email_delivery"', 'DROP TABLE "email_consent"')
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    assert database.table_exists("email_delivery") and database.table_exists("email_consent")
    assert EmailDelivery.select().count() == EmailConsent.select().count() == 0
    after = row_counts()
    assert {k: v for k, v in after.items() if k != "SchemaVersion"} == \
        {k: v for k, v in counts.items() if k != "SchemaVersion"}
    assert mail.consent_of(person["id"])["consent"] is None
    mail.set_consent(CLERK, person["id"], True)
    assert mail.consent_of(person["id"])["consent"] is True


def test_the_last_release_database_gets_the_tables(db_url, tmp_path, clock_at):
    version = corpus.versions()[-1]
    clock_at(corpus.upgrade_day(version))
    corpus.restore(version, db_url)
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    assert database.table_exists("email_delivery") and database.table_exists("email_consent")
    person = Person.select().order_by(Person.id).first()
    assert person is not None and mail.consent_of(person.id)["unsubscribed_on"] is None
    close_database()
