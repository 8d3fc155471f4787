// No form of the web app may leave a field's check to the browser: Chromium's validation bubble is
// in the browser's language (English on most machines) and says one problem at a time. Every
// <form> says `noValidate`, and the app says each problem in Russian under its field (docs/web.md).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

const root = path.resolve(import.meta.dirname, "../..");
const source = path.join(root, "web/src");

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(tsx|jsx)$/.test(entry.name) ? [full] : [];
  });

/** Each `<form …>` opening tag of a JSX file, with its line: up to the first `>` outside braces. */
function formTags(text) {
  const tags = [];
  for (const match of text.matchAll(/<form[\s>]/g)) {
    let depth = 0;
    let end = match.index + 5;
    for (; end < text.length; end++) {
      const c = text[end];
      if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (c === ">" && depth === 0 && text[end - 1] !== "=") break;
    }
    tags.push({ tag: text.slice(match.index, end + 1), line: text.slice(0, match.index).split("\n").length });
  }
  return tags;
}

test("the tag reader finds a form's attributes across lines and arrow functions", () => {
  const [tag] = formTags("<form\n  onSubmit={(e) => { go(e); }}\n  noValidate\n>\n<input required />");
  assert.match(tag.tag, /noValidate/);
  assert.equal(
    formTags('<form onSubmit={(e) => go(e)}><input type="email" /></form>')[0].tag.includes("noValidate"),
    false,
  );
});

test("every form of the web app turns off the browser's own validation", () => {
  const forms = files(source).flatMap((file) =>
    formTags(readFileSync(file, "utf8")).map((form) => ({ ...form, file: path.relative(root, file) })),
  );
  assert.ok(forms.length >= 8, `found only ${forms.length} forms: is the reader still reading them?`);
  const native = forms.filter((form) => !/\bnoValidate\b/.test(form.tag)).map((form) => `${form.file}:${form.line}`);
  assert.deepEqual(native, [], "forms that leave checks to the browser's bubble");
});
