// The real service for the tests that talk to it: its binary, and one started on a free port of 127.0.0.1.
import {spawn} from "node:child_process";
import {existsSync} from "node:fs";
import {createServer} from "node:net";
import {join, dirname} from "node:path";
import {fileURLToPath} from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The service binary: LAYOUT_SERVICE_BIN (scripts/test sets it), else the root package's debug or release build. */
export const bin = [process.env.LAYOUT_SERVICE_BIN, join(root, ".build/debug/layout-service"),
  join(root, ".build/release/layout-service")].find((path) => path && existsSync(path));

/** A test's `skip` option: false when there is a binary, else why the test cannot run. */
export const skip = bin ? false : "no layout-service binary: run swift build at the repository's root (or set LAYOUT_SERVICE_BIN)";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const {port} = server.address();
      server.close(() => resolve(port));
    }).on("error", reject);
  });
}

/**
 * Starts the service with the memory store and `args`, and resolves once its health check answers.
 * @param {string[]} [args]
 * @returns {Promise<{base: string, process: import("node:child_process").ChildProcess}>}
 */
export async function startService(args = []) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(bin, ["--host", "127.0.0.1", "--port", String(port), "--store", "memory", "--log-level",
    "warning", ...args], {stdio: "ignore"});
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(`${base}/healthz`)).ok) return {base, process: child}; } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`layout-service did not start on ${base}`);
}
