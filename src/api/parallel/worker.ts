// A worker thread of the diagnose command's parallel run: WorkerHandler on the messages of the
// main thread (pool.ts). Synchronous requests are answered on their own port, with a flag the
// main thread waits on.

import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { WorkerHandler } from './handler.js';
import { ANSWERED, STOPPED, type Request, type WorkerConfig } from './protocol.js';

const { cfg, port, flag } = workerData as { cfg: WorkerConfig; port: MessagePort; flag: Int32Array };
const handler = new WorkerHandler(cfg);
process.on('exit', () => {
  Atomics.store(flag, 0, STOPPED);
  Atomics.notify(flag, 0);
});
parentPort?.on('message', (m: Request) => {
  const r = handler.handle(m);
  if (m.t === 'values') {
    port.postMessage(r);
    Atomics.store(flag, 0, ANSWERED);
    Atomics.notify(flag, 0);
  } else if (r) parentPort?.postMessage(r);
});
