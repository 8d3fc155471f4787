/// <reference path="./az.d.ts" />
import paradigms from "az/dicts/paradigms.array";
import suffixes from "az/dicts/suffixes.json";
import words from "az/dicts/words.dawg";
import { type Lemmatizer, lemmatizerOf } from "./lemmas";

// OpenCorpora's dictionary in this Worker's bundle (~4 MB gzip, docs/scale.md "Smaller to load"): read
// into a lemmatizer on the first call of an isolate, which keeps it for every call after.

let lemmatizer: Lemmatizer | undefined;

/** The isolate's lemmatizer, made on first use (~20 ms). */
export const dictionaryLemmatizer = (): Lemmatizer => (lemmatizer ??= lemmatizerOf({ words, paradigms, suffixes }));
