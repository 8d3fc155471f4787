export { type FoundCitation, findCitations } from "./find";
