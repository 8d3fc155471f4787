/**
 * The reply's words as the topic's object keeps them in its SQLite storage while they stream, so the
 * next instance after a restart saves what was said (docs/conversations.md "The turn"). The table is
 * made once the model's request is out (`make`), neither when the object starts nor by the first
 * chunk: making it is a write, and until a write is stored the object's output gate holds its next
 * message back, which at the start of a new topic's first send is the admission batch and at the
 * first chunk is that chunk (docs/scale.md "Against the floor").
 */
export class KeptChunks {
  /** Whether the table is there; asked when first needed, not when the object starts (a new topic's first call). */
  private made?: boolean;

  constructor(private readonly sql: SqlStorage) {}

  private exists(): boolean {
    this.made ??=
      this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'chunks'").toArray().length > 0;
    return this.made;
  }

  make(): void {
    if (this.exists()) return;
    this.sql.exec("CREATE TABLE IF NOT EXISTS chunks (seq INTEGER PRIMARY KEY, text TEXT NOT NULL)");
    this.made = true;
  }

  keep(seq: number, text: string): void {
    this.make();
    this.sql.exec("INSERT INTO chunks (seq, text) VALUES (?, ?)", seq, text);
  }

  /** Everything kept, in order; "" when nothing was. */
  text(): string {
    if (!this.exists()) return "";
    return this.sql
      .exec<{ text: string }>("SELECT text FROM chunks ORDER BY seq")
      .toArray()
      .map((r) => r.text)
      .join("");
  }

  clear(): void {
    if (this.exists()) this.sql.exec("DELETE FROM chunks");
  }
}
