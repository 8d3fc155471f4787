/** Input an import cannot take: answered as a 422 with this Russian text. */
export class LawImportError extends Error {}
