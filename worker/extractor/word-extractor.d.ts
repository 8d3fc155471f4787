// word-extractor ships no types; this is the part we use.
declare module "word-extractor" {
  import type { Buffer } from "node:buffer";

  class WordDocument {
    getBody(): string;
  }

  export default class WordExtractor {
    extract(source: Buffer | string): Promise<WordDocument>;
  }
}
