// Test-only: a loopback API server for the tests of one describe block.

import { after, before } from 'node:test';
import { FakeApiServer } from './apiserver.js';

/**
 * A server started, and given its objects by `seed`, before the block's tests and stopped after
 * them; `kubeconfig` is the file (written into `dir`) that points at it, once started.
 */
export function serverForSuite(dir: string, seed: (server: FakeApiServer) => void, opts: Parameters<FakeApiServer['writeKubeconfig']>[1] = {}): { server: FakeApiServer; readonly kubeconfig: string } {
  const server = new FakeApiServer();
  let kubeconfig = '';
  before(async () => {
    await server.start();
    seed(server);
    kubeconfig = server.writeKubeconfig(dir, opts);
  });
  after(() => server.stop());
  return {
    server,
    get kubeconfig() {
      return kubeconfig;
    },
  };
}
