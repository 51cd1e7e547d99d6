"""The search box and the demo data it searches."""
import datetime as dt

import pytest

from mototaxi_desk.domain import validators
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.views import search
from mototaxi_desk.store.models import (Application, Cnh, Permit, Person, PersonNameToken, Stand,
                                        Vehicle, WaitingListEntry)


def test_demo_data_is_realistic(demo_data):
    assert demo_data["holders"] == 40
    people = list(Person.select())
    for person in people:
        assert validators.cpf(person.cpf) == person.cpf
    assert any(ch in "ãâáçéêíóôõú" for p in people for ch in p.name), "names with accents"
    for cnh in Cnh.select():
        assert validators.cnh_number(cnh.number) == cnh.number
    today = dt.date.today()
    assert Cnh.select().where(Cnh.expiry_date < today).exists(), "some expired CNHs"
    for vehicle in Vehicle.select():
        assert validators.renavam(vehicle.renavam) == vehicle.renavam
        assert validators.plate(vehicle.plate_original)[0] == vehicle.plate
        assert validators.chassis(vehicle.chassis) == vehicle.chassis
        assert 125 <= vehicle.cc <= 300  # SRM Arts. 6 VII, 16
    near_limit = Vehicle.select().where(Vehicle.manufacture_year <= today.year - 5).count()
    assert near_limit >= 3, "vehicles near the 6-year limit (SRM Art. 19)"
    sizes = [s.permits.count() for s in Stand.select()]
    assert max(sizes) == 10 and min(sizes) < 10, "stands full and part-full (SRM Art. 22 §1)"
    assert Permit.select().count() == 40
    assert WaitingListEntry.select().count() == 4
    assert PersonNameToken.select().count() >= 3 * Person.select().count() - 10


def test_demo_is_repeatable_with_a_seed(tmp_path):
    """The same seed gives the same people (both runs on fresh SQLite files)."""
    from mototaxi_desk.services import setup
    from mototaxi_desk.store.migrations import close_database, open_database
    names = []
    for run in ("a", "b"):
        open_database(str(tmp_path / f"{run}.db"), backup_dir=tmp_path)
        try:
            setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019", municipio="Teste",
                             uf="MA", ibge="2111102", population=3000, fiscal_unit_value="10",
                             admin_password="senha-forte-1", today=dt.date(2026, 6, 1))
            demo.fill(5, seed=3, with_users=False, today=dt.date(2026, 6, 1))
            names.append([(p.cpf, p.name) for p in Person.select().order_by(Person.id)])
        finally:
            close_database()
    assert names[0] == names[1] and len(names[0]) >= 5


def test_demo_goes_through_the_services(demo_data):
    """Every permit was granted by the service (history, fee) and every stand respects its
    maximum (SRM Art. 22 §1)."""
    from mototaxi_desk.store.models import AuditLog, Fee, PermitHistory
    for permit in Permit.select():
        assert PermitHistory.select().where((PermitHistory.permit == permit.id) &
                                            (PermitHistory.action == "grant")).exists()
        assert Fee.select().where(Fee.permit == permit.id).exists()
    for stand in Stand.select():
        assert stand.permits.count() <= stand.max_vehicles
    assert AuditLog.select().where(AuditLog.action == "permit.grant").count() == 40


def test_search_cpf_with_and_without_mask_and_prefix(demo_data):
    person = Person.select().order_by(Person.id).first()
    masked = validators.format_cpf(person.cpf)
    for typed in (person.cpf, masked, masked[:7], person.cpf[:5]):
        hits = search.search(typed)
        assert person.id in [h["person_id"] for h in hits], typed


def test_search_name_without_accents_any_case(municipio):
    demo.fill(0)
    from mototaxi_desk.domain.search_terms import fold
    person = Person.create(cpf="52998224725", name="Conceição D'Ávila Magalhães",
                           name_folded=fold("Conceição D'Ávila Magalhães"))
    search.index_person_name(person)
    for typed in ("conceicao", "CONCEIÇÃO", "davila", "avila", "magal conc", "Conc Mag"):
        assert [h["person_id"] for h in search.search(typed)] == [person.id], typed
    assert search.search("conceicao silva") == []


def test_search_plate_in_the_other_format(demo_data):
    vehicle = Vehicle.select().where(Vehicle.plate_original.contains("-")).first()
    assert vehicle is not None
    for typed in (vehicle.plate_original, vehicle.plate, vehicle.plate.lower(),
                  vehicle.plate_original[:5]):
        hits = search.search(typed)
        assert vehicle.id in [h.get("vehicle_id") for h in hits], typed


def test_search_permit_number_protocol_renavam(demo_data):
    permit = Permit.select().order_by(Permit.order_number).first()
    hits = search.search(str(permit.order_number))
    assert hits[0]["kind"] == "permit" and hits[0]["person_id"] == permit.holder_id
    application = Application.create(protocol_year=2026, protocol_seq=17, type="renewal",
                                     person=permit.holder_id)
    hits = search.search("2026/000017")
    assert hits[0]["kind"] == "application" and hits[0]["application_id"] == application.id
    vehicle = Vehicle.select().first()
    assert vehicle.id in [h.get("vehicle_id") for h in search.search(vehicle.renavam)]


@pytest.mark.parametrize("odd", ["", "   ", "%", "_", "' OR 1=1 --", "a" * 10_000, "\x00", "🏍️"])
def test_search_odd_text_never_fails(demo_data, odd):
    assert isinstance(search.search(odd), list)


def test_name_search_lists_what_the_person_rows_list(demo_data):
    """Names are searched in the tokens' own copy of the folded name (issue 23), one word
    (typed letter by letter) or several (intersected); the people and their order are
    those of the person rows: every person with a word starting with each word typed, by
    folded name then id, the first `limit`."""
    from mototaxi_desk.domain.search_terms import prefix_upper_bound
    demo.fill_bulk(60, seed=8, with_users=False)
    for words in (["ma"], ["jo"], ["an"], ["sil"], ["da"], ["maria"], ["conceicao"], ["d"],
                  ["zz"], ["maria", "silv"], ["ma", "co"], ["an", "ma", "so"], ["jose", "zz"],
                  ["da", "davila"]):
        expected_query = Person.select(Person.id)
        for word in words:
            expected_query = expected_query.where(Person.id.in_(
                PersonNameToken.select(PersonNameToken.person)
                .where((PersonNameToken.token >= word) &
                       (PersonNameToken.token < prefix_upper_bound(word)))))
        for limit in (3, 20):
            expected = [p.id for p in expected_query.order_by(Person.name_folded, Person.id)
                        .limit(limit)]
            assert [h["person_id"] for h in search._by_name(words, limit)] == expected, words


def test_name_search_counts_a_person_once_however_many_words_match(municipio):
    """A person with several words starting with what was typed comes once, and the list
    still fills up to `limit` people (the matches are read past the first rows)."""
    from mototaxi_desk.domain.search_terms import fold
    demo.fill(0)
    ids = []
    for i in range(30):
        name = f"Ana Anabela Anastácia Andrade {chr(65 + i % 26)}{i:02d}"
        person = Person.create(cpf=f"{i + 1:011d}", name=name, name_folded=fold(name))
        search.index_person_name(person)
        ids.append(person)
    expected = [p.id for p in sorted(ids, key=lambda p: (p.name_folded, p.id))]
    for limit in (1, 5, 20, 40):
        assert [h["person_id"] for h in search.search("an", limit=limit)] == expected[:limit]
    assert [h["person_id"] for h in search.search("ana")] == expected[:20]
