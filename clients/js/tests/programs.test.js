// Layout programs: the module posted as application/wasm, its bytes read back, deletes; problems as errors.
import {test} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, ProblemError} from "../layout-client.js";
import {response} from "./fakes.js";

test("postProgram sends the module's bytes as application/wasm and answers {id, bytes}", async () => {
  const calls = [];
  const fetch = async (url, init) => { calls.push({url, init}); return response(201, {id: "f00d", bytes: 4}); };
  const c = new LayoutClient("http://svc", {apiKey: "k", fetch});
  const module = new Uint8Array([0, 97, 115, 109]);
  assert.deepEqual({...await c.postProgram(module)}, {id: "f00d", bytes: 4});
  await c.postProgram(module.buffer);
  for (const x of calls) {
    assert.equal(`${x.init.method} ${x.url}`, "POST http://svc/v1/programs");
    assert.equal(x.init.headers["Content-Type"], "application/wasm");
    assert.equal(x.init.headers.Authorization, "Bearer k");
  }
  assert.equal(calls[0].init.body, module);  // the bytes themselves, not JSON
  assert.equal(calls[1].init.body, module.buffer);
});

test("program reads the module's bytes back; deleteProgram sends DELETE", async () => {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push(`${init.method} ${url}`);
    if (init.method === "DELETE") return response(204, null);
    return {status: 200, ok: true, headers: {get: () => null},
      arrayBuffer: async () => new Uint8Array([0, 97, 115, 109, 1]).buffer, text: async () => assert.fail("not JSON")};
  };
  const c = new LayoutClient("", {fetch});
  assert.deepEqual(await c.program("f00d"), new Uint8Array([0, 97, 115, 109, 1]));
  await c.deleteProgram("f00d");
  assert.deepEqual(calls, ["GET /v1/programs/f00d", "DELETE /v1/programs/f00d"]);
});

test("a refused module or a failed run is a ProblemError with its type", async () => {
  const problem = {type: "urn:layout-service:problem:program-forbidden-import", status: 422,
    detail: "the module imports \"wasi_snapshot_preview1\".\"fd_write\": ..."};
  const c = new LayoutClient("", {fetch: async () => response(422, problem)});
  await assert.rejects(c.postProgram(new Uint8Array([1])), (e) => e instanceof ProblemError && e.status === 422
    && e.problem.type.endsWith("program-forbidden-import"));
  const missing = new LayoutClient("", {fetch: async () => response(404, {type: "urn:layout-service:problem:unknown-program"})});
  await assert.rejects(missing.program("nope"), (e) => e instanceof ProblemError && e.status === 404);
});
