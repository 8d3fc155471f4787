import { plain } from "./name-forms";
import { listedSurnameReadings } from "./surname-list";

// A given name not in the list («Радославы») is taken beside a surname by its ending only when the
// two can stand in one gender and case («Радославы Лазаричевой», «Ваххапу Дулевскому»): "Москвы
// Ивановой" is stopped by the role and place words, "Радославы Лазаричеву" by this.

/** Gender and case: "m0" a man's nominative … "f5" a woman's prepositional. */
type Reading = string;

const GIVEN_ENDINGS: [RegExp, Reading[]][] = [
  [/(?:ой|ою)$/, ["f4"]],
  // Ондржей, Ондржею: a man's name in -ей, or a woman's instrumental.
  [/ей$/, ["f4", "m0"]],
  [/ею$/, ["f4", "m2"]],
  // Элем, Хаким: a man's name itself or the instrumental of one.
  [/(?:ом|ем|ём)$/, ["m4", "m0"]],
  [/[ая]$/, ["f0", "m1", "m3"]],
  [/ы$/, ["f1"]],
  [/и$/, ["f1", "f2", "f5"]],
  [/е$/, ["f2", "f5", "m5"]],
  [/[ую]$/, ["f3", "m2"]],
  [/[бвгджзклмнпрстфхцчшщйь]$/, ["m0"]],
];

const SURNAME_ENDINGS: [RegExp, Reading[]][] = [
  [/(?:[оеё]в|[иы]н)$/, ["m0"]],
  [/(?:[оеё]в|[иы]н)а$/, ["m1", "m3", "f0"]],
  [/(?:[оеё]в|[иы]н)у$/, ["m2", "f3"]],
  [/(?:[оеё]в|[иы]н)ым$/, ["m4"]],
  [/(?:[оеё]в|[иы]н)е$/, ["m5"]],
  [/(?:[оеё]в|[иы]н)(?:ой|ою)$/, ["f1", "f2", "f4", "f5"]],
  [/[сц]кий$/, ["m0"]],
  [/[сц]кого$/, ["m1", "m3"]],
  [/[сц]кому$/, ["m2"]],
  [/[сц]ким$/, ["m4"]],
  [/[сц]ком$/, ["m5"]],
  [/[сц]кая$/, ["f0"]],
  [/[сц]кой$/, ["f1", "f2", "f4", "f5"]],
  [/[сц]кую$/, ["f3"]],
  // -ук, -юк, -як, -ян, -янц decline for a man only: Полищук, Полищука, Полищуку.
  [/(?:[уюя]к|янц?)$/, ["m0", "f0", "f1", "f2", "f3", "f4", "f5"]],
  [/(?:[уюя]к|янц?)а$/, ["m1", "m3"]],
  [/(?:[уюя]к|янц?)у$/, ["m2"]],
  [/(?:[уюя]к|янц?)ом$/, ["m4"]],
  [/(?:[уюя]к|янц?)е$/, ["m5"]],
];

const readings = (table: [RegExp, Reading[]][], word: string) => table.find(([re]) => re.test(plain(word)))?.[1];

/** Surnames that do not decline and are no common word's ending (-ия and -ых are: «Тысячелетия», «Больших»). */
const UNDECLINED = /(?:енко|дзе|швили)$/;

/** Whether an unknown given name and a surname by its ending can be one person's in one case. */
export function mayAgree(given: string, surname: string): boolean {
  const ofGiven = readings(GIVEN_ENDINGS, given);
  if (!ofGiven) return false;
  const ofSurname = readings(SURNAME_ENDINGS, surname) ?? listedSurnameReadings(plain(surname));
  return ofSurname ? ofSurname.some((r) => ofGiven.includes(r)) : UNDECLINED.test(plain(surname));
}
