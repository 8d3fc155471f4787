import { extractText, getDocumentProxy } from "unpdf";
import { UnreadableDocument } from "../conversations/services/extract/unreadable";

/** The text layer of every page, pages separated by blank lines (unpdf: PDF.js built for Workers). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // PDF.js takes ownership of the array it is given: hand it a copy.
    pdf = await getDocumentProxy(bytes.slice(), { isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  } catch (err) {
    if ((err as { name?: string }).name === "PasswordException") throw new UnreadableDocument("encrypted");
    throw new UnreadableDocument("corrupt");
  }
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text.join("\n\n");
  } catch {
    throw new UnreadableDocument("corrupt");
  } finally {
    await pdf.destroy();
  }
}
