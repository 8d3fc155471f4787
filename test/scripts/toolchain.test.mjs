// The toolchain's promises (docs/architecture.md "Toolchain"): the Node the project brings is the one
// the dependencies need and the one .nvmrc and @types/node name; every platform's binaries of workerd
// and Biome are in the lock, so `npm ci` passes anywhere; one workerd serves tests, `npm start` and
// the build; versions are exact.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import semver from "semver";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file) => readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json"));
const lock = JSON.parse(read("package-lock.json"));
const nodeVersion = pkg.devDependencies.node;
const locked = Object.entries(lock.packages).filter(([where]) => where);
const nameOf = (where) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);

test(".nvmrc and @types/node name the Node the project brings (the npm package node)", () => {
  assert.equal(read(".nvmrc").trim(), nodeVersion);
  assert.equal(semver.major(pkg.devDependencies["@types/node"]), semver.major(nodeVersion));
});

test("devEngines says what every locked dependency's engines need, and the Node brought meets it", () => {
  const range = pkg.devEngines.runtime.version;
  assert.ok(semver.satisfies(nodeVersion, range), `${nodeVersion} does not satisfy ${range}`);
  const narrower = locked
    .filter(([, entry]) => entry.engines?.node && !entry.optional)
    .filter(([, entry]) => !semver.subset(range, entry.engines.node))
    .map(([where, entry]) => `${nameOf(where)}@${entry.version}: ${entry.engines.node}`);
  assert.deepEqual(narrower, [], `devEngines ${range} allows a Node these refuse`);
});

test("the lock holds every platform's binary of workerd and Biome, at their own version", () => {
  for (const name of ["workerd", "@biomejs/biome"]) {
    const [, entry] = locked.find(([where]) => where === `node_modules/${name}`);
    const platforms = Object.entries(entry.optionalDependencies ?? {});
    assert.ok(platforms.length >= 5, `${name} names its platform packages`);
    for (const [platform, version] of platforms) {
      const binary = lock.packages[`node_modules/${platform}`];
      assert.equal(binary?.version, version, `${platform}@${version} is in the lock`);
      assert.match(binary.integrity, /^sha512-/, `${platform} has the registry's checksum`);
    }
  }
});

test("one wrangler, one miniflare and one workerd: tests, npm start and the build share a runtime", () => {
  for (const name of ["wrangler", "miniflare", "workerd"]) {
    const copies = locked.filter(([where]) => nameOf(where) === name).map(([, entry]) => entry.version);
    assert.equal(copies.length, 1, `${name}: ${copies.join(", ")}`);
  }
  assert.equal(lock.packages["node_modules/wrangler"].version, pkg.devDependencies.wrangler);
});

test("every direct dependency is pinned to an exact version", () => {
  const ranged = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
    ([, version]) => !semver.valid(version),
  );
  assert.deepEqual(ranged, []);
});
