// Voice: what judging a recording's length from its own bytes costs (docs/conversations.md
// "Voice"), on the largest recordings an upload may hold (10 MB), built the way the Worker tests
// build them. The TypeScript modules are bundled with esbuild and run on this Node, whose V8 is the
// engine workerd runs.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { root } from "../lib/local.mjs";

const RUNS = 7;
const TEN_MB = 10 * 1024 * 1024;

async function loadModules() {
  const entry = `export { audioLength } from ${JSON.stringify(path.join(root, "worker/conversations/services/audio-length/index.ts"))};
export * from ${JSON.stringify(path.join(root, "test/worker/fixtures/audio.ts"))};`;
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    write: false,
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-voice-"));
  const file = path.join(dir, "voice.mjs");
  writeFileSync(file, result.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];

function timeJudge(audioLength, bytes, format) {
  audioLength(bytes, format);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    audioLength(bytes, format);
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** OGG/Opus: pages of `perPage` packets of `packetBytes` each (20 ms packets) up to `total` bytes. */
function oggOf(m, packetBytes, total) {
  const packet = new Uint8Array(packetBytes).fill(0x11);
  packet[0] = 0xf8;
  const perPage = Math.max(1, Math.floor(255 / Math.ceil((packetBytes + 1) / 255)));
  const pages = [m.oggPage(0, [m.opusHead()], 2), m.oggPage(0, [m.opusTags()])];
  let size = pages.reduce((n, p) => n + p.length, 0);
  for (let granule = 0; size < total; ) {
    granule += perPage * 960;
    const page = m.oggPage(granule, new Array(perPage).fill(packet));
    pages.push(page);
    size += page.length;
  }
  return m.concat(...pages);
}

/** WebM/Opus: clusters of 20 ms blocks of `packetBytes` each up to `total` bytes. */
function webmOf(m, packetBytes, total) {
  const packet = new Uint8Array(packetBytes).fill(0x11);
  packet[0] = 0xf8;
  const block = m.simpleBlock(0, packet);
  const perCluster = Math.floor(total / block.length / 100) + 1;
  const clusters = [];
  for (let i = 0; i < 100; i++)
    clusters.push(m.ebml([0x1f, 0x43, 0xb6, 0x75], m.ebml([0xe7], [0]), ...new Array(perCluster).fill(block)));
  const tracks = m.ebml(
    [0x16, 0x54, 0xae, 0x6b],
    m.ebml([0xae], m.ebml([0xd7], [1]), m.ebml([0x86], m.ascii("A_OPUS"))),
  );
  return m.concat(m.webmHeader(), m.ebml([0x18, 0x53, 0x80, 0x67], tracks, ...clusters));
}

export async function benchVoice() {
  const m = await loadModules();
  const cases = [
    ["OGG/Opus, 20 ms packets of 1,100 bytes (440 kbit/s)", oggOf(m, 1100, TEN_MB), "ogg"],
    ["OGG/Opus of 180 s, 20 ms packets of 3 bytes", m.makeOggOpus(180), "ogg"],
    ["OGG/Vorbis of 180 s, long blocks (modes read from the setup header)", m.makeOggVorbis(180), "ogg"],
    ["WebM/Opus, 20 ms blocks of 1,100 bytes", webmOf(m, 1100, TEN_MB), "webm"],
    ["MP3, 128 kbit/s frames of 417 bytes", m.makeMp3((TEN_MB / 417) * (1152 / 44_100)), "mp3"],
    ["WAV, 16 kHz 16-bit mono", m.makeWav(Math.floor(TEN_MB / 32_000)), "wav"],
    ["M4A, fragmented (Safari), a fragment a second for 180 s", m.makeFragmentedM4a(180), "m4a"],
    [
      "random bytes after a WebM header (refused)",
      m.concat(m.webmHeader(), crypto.getRandomValues(new Uint8Array(65_536))),
      "webm",
    ],
  ];
  const rows = cases.map(([name, bytes, format]) => {
    const ms = timeJudge(m.audioLength, bytes, format);
    const length = m.audioLength(bytes, format);
    const judged = length ? `${length.seconds.toFixed(0)} s` : "cannot be judged";
    return `| ${name} | ${(bytes.length / 1024 / 1024).toFixed(2)} MB | ${judged} | ${ms.toFixed(2)} |`;
  });
  return `Judging a recording's length (\`audioLength\`, worker/conversations/services/audio-length/) on Node ${process.version}, median of ${RUNS} runs after one warm-up. Each file is walked whole, so the time grows with its bytes and its packets; the largest upload (10 MB) is the worst case. A file judged longer than 180 s is refused after this.

| recording | size | judged | time, ms |
|---|---|---|---|
${rows.join("\n")}`;
}
