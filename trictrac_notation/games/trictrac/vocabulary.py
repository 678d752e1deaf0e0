"""Trictrac's vocabulary: THE table of the jans, and what each part of the house needs to know of them.

One row per jan (rules.md §3): its slug (as records and rule files write it), its name for captions, where
rules.md describes it, the verb a chances caption uses, what it draws (a hit à vrai or à faux, a fill), whether
it is scored once (in a scope a rule set chooses), and the variants that decide whether or how much it scores.
Every other list of jans (the grammar's words, the rule files' schema, the diagrams, ``explain``, ``compare``,
the scorer, the chances) is read from here.
"""

from __future__ import annotations

from typing import NamedTuple


class Jan(NamedTuple):
    slug: str
    title: str  # as captions name it: "jan de six tables"
    section: str  # where rules.md describes it (quoted by ``explain``)
    verb: str | None = None  # how a chances caption says it: "fills by 20 of 36"
    draws: str | None = None  # 'vrai' / 'faux' (a ring on the beaten dame), 'fill' (a plein made or kept)
    once: str | None = None  # 'deux_tables' / 'mezeas': made once in a scope (the jan and its contre-jan)
    variants: tuple[str, ...] = ()  # the variants that can decide whether (or how much) it scores (``compare``)


TABLE = (
    Jan("six-tables", "jan de six tables", "§3.2", variants=("six_tables_throws",)),
    Jan("deux-tables", "jan de deux tables", "§3.2", once="deux_tables", variants=("deux_tables_once",)),
    Jan("contre-deux-tables", "contre-jan de deux tables", "§3.2", once="deux_tables",
        variants=("deux_tables_once",)),
    Jan("mezeas", "jan de mézéas", "§3.2", once="mezeas"),
    Jan("contre-mezeas", "contre-jan de mézéas", "§3.2", once="mezeas"),
    Jan("battre-a-vrai", "battre à vrai", "§3.3", verb="hits", draws="vrai"),
    Jan("battre-a-faux", "battre à faux", "§3.3", verb="hits à faux", draws="faux"),
    Jan("battre-coin", "battre le coin", "§3.4", verb="beats the coin"),
    Jan("remplir", "remplir", "§3.5", verb="fills", draws="fill",
        variants=("fill_ways_two_half_cases", "retour_coin_way", "remplir_en_passant")),
    Jan("conserver", "conserver", "§3.5", verb="keeps", draws="fill"),
    Jan("impuissance", "dame impuissante", "§2 M6", verb="cannot play"),
    Jan("sortie", "sortie", "§3.8", verb="bears off the last", variants=("sortie",)),
    Jan("rencontre", "jan de rencontre", "§3.7", variants=("rencontre_scope",)),
    Jan("margot", "Margot la fendue", "§3.7", variants=("margot", "margot_ways")),
    Jan("pile-de-misere", "pile de misère", "§3.7", variants=("pile_de_misere_each_roll",)),
)

JANS = tuple(j.slug for j in TABLE)  # every jan, in the treatises' order
TITLES = {j.slug: j.title for j in TABLE}
SECTIONS = {j.slug: j.section for j in TABLE}
VERBS = {j.slug: j.verb for j in TABLE if j.verb}
HITS = {j.slug: j.draws for j in TABLE if j.draws in ("vrai", "faux")}  # jan -> 'vrai' / 'faux'
HIT_JANS = tuple(HITS)  # the jans whose points depend on the half (talon or coin) of the beaten dame
FILLS = tuple(j.slug for j in TABLE if j.draws == "fill")
ONCE = {j.slug: j.once for j in TABLE if j.once}  # jan -> 'deux_tables' / 'mezeas'
VARIANTS = {j.slug: j.variants for j in TABLE if j.variants}
