"""A whole-row select whose column list is composed once (issue 40 items 4 and 6).

peewee composes every query anew from its nodes. For `Model.select()` most of that is the
column list, `"t1"."id", "t1"."cpf", ...`: on the 2-core machine about 190 µs of a 250 µs
Person read, more than SQLite takes to answer it, and every screen, action and `get` pays
it. That text depends only on the table's alias in the query, the backend's quote and the
column names, so it is kept by those, composed by peewee itself the first time (whatever
peewee writes is what is kept) and written as one literal after that. Anything else (a
projection of its own, a subquery, an aliased table, a field that renders itself) is left
to peewee as it was. The same for reading the rows back: which field converts each column
depends only on the model and the columns the driver names, so peewee's resolution of them
(another 40 µs a query) is kept by those.
"""
from __future__ import annotations

import peewee as pw

_FIELD_SQL = pw.Field.__sql__
_composed: dict[tuple, str] = {}  # (alias, quote, column names) -> the column list's text
_resolved: dict[tuple, tuple] = {}  # (model, the cursor's column names) -> peewee's resolution
_RESOLUTION = ("columns", "fields", "converters", "no_convert", "convert", "ncols",
               "unique_columns")


class _WholeRowCursor(pw.ModelObjectCursorWrapper):
    """peewee's wrapper for a whole-row select of one table, its resolution kept."""

    def initialize(self):
        key = (self.model, tuple([column[0] for column in self.cursor.description]))
        found = _resolved.get(key)
        if found is None:
            super().initialize()
            _resolved[key] = tuple(getattr(self, name) for name in _RESOLUTION)
        else:  # shared, read only: peewee never changes them after initialize()
            for name, value in zip(_RESOLUTION, found):
                setattr(self, name, value)


class WholeRowSelect(pw.ModelSelect):
    def __sql_selection__(self, ctx, is_subquery=False):
        model = self.model
        table = model._meta.table
        if not self._is_default or is_subquery or table._alias or not all(
                type(field).__sql__ is _FIELD_SQL and field.model is model
                for field in self._returning):
            return super().__sql_selection__(ctx, is_subquery)
        # the first column would give the table its alias: the same call, the same alias
        key = (ctx.alias_manager[table], ctx.state.quote,
               tuple([field.column_name for field in self._returning]))
        text = _composed.get(key)
        if text is not None:
            return ctx.literal(text)
        start, values = len(ctx._sql), len(ctx._values)
        super().__sql_selection__(ctx, is_subquery)
        if len(ctx._values) == values:  # a column list carries no parameter; else not kept
            _composed[key] = "".join(ctx._sql[start:])
        return ctx

    def _get_model_cursor_wrapper(self, cursor):
        if self._is_default and len(self._from_list) == 1 and not self._joins and \
                cursor.description is not None:
            return _WholeRowCursor(cursor, self.model, self._returning, self.model)
        return super()._get_model_cursor_wrapper(cursor)


def select(model, fields) -> pw.ModelSelect:
    """What `Model.select(*fields)` returns (peewee's own, with the cached column list)."""
    if fields:
        return WholeRowSelect(model, fields, is_default=False)
    return WholeRowSelect(model, model._meta.sorted_fields, is_default=True)
