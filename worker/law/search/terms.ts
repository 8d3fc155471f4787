import { normalWord, stemOf, wordsOf } from "../../text/words";

// The words the library's search index keeps and a question is searched by (docs/law.md "Answers grounded in the
// text"): Snowball stems, so «аренды», «аренде» and «аренду» are one term. Questions are asked in everyday words, so
// the words that say nothing about the subject (question words, pronouns, the act's and the date's own words) are
// left out of the query: matched, they would rank every article.

/** A word this short (a preposition, «ли», «же») is never a term. */
const MIN_WORD_CHARS = 3;
/** The most terms one question is searched by: the first ones, as a question names its subject early. */
const MAX_QUERY_TERMS = 16;

const QUESTION_WORDS = `что как какой какая какое какие каким каких когда где куда откуда почему зачем сколько
чем кто кого кому можно нужно надо должен должна должны обязан обязана вправе ли если или это этот эта эти
того тогда чтобы быть был была было были будет есть нет также только уже еще все всё весь вся мне меня мой моя
мое мои наш наша нас нам вас вам ваш ваша его она они ему ней них себя свой своя свое свои который которая
которое которые говорит говорится сказано написано скажите подскажите объясните расскажите вопрос случае
статья статьи статье статью статей кодекс кодекса кодексу закон закона закону законе законодательство
федеральный российской федерации году года год годах месяц месяца числа январь января январе февраль февраля
феврале март марта марте апрель апреля апреле май мая мае июнь июня июне июль июля июле август августа августе
сентябрь сентября сентябре октябрь октября октябре ноябрь ноября ноябре декабрь декабря декабре так такой такое
такая такие тот тем том там тут здесь сейчас теперь потом очень просто хочу хотим хотел хотела могу может могут
можем делать сделать нужен нужна после перед через между около более менее много мало один одна одно два три
первый новый тоже даже ведь вот который где-то кто-то что-то как-то ничего никто никак сам сама сами самый`;

const STOP_STEMS = new Set(QUESTION_WORDS.split(/\s+/).filter(Boolean).map(stemOf));

const isTerm = (word: string) => word.length >= MIN_WORD_CHARS && !/^\d+$/.test(word);

/** What the index keeps of a text: the stems of its words, space-separated, in order. */
export const indexTerms = (text: string) =>
  wordsOf(text)
    .map((w) => normalWord(w.word))
    .filter(isTerm)
    .map(stemOf)
    .join(" ");

/** A question's search terms: the stems of its words that say something, each once, in order. */
export function queryTerms(question: string): string[] {
  const stems = wordsOf(question)
    .map((w) => normalWord(w.word))
    .filter(isTerm)
    .map(stemOf)
    .filter((stem) => !STOP_STEMS.has(stem));
  return [...new Set(stems)].slice(0, MAX_QUERY_TERMS);
}
