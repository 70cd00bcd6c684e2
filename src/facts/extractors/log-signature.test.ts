// What people paste from `kubectl logs` when a pod crash-loops, each row naming the post it was
// pasted in; the signature is what the log-* and start-* rules read.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findLogSignature } from './log-signature.js';

const ROWS: { src: string; log: string; kind: string | undefined }[] = [
  // the exec failed inside the started container
  { src: 'https://github.com/denverdino/lxcfs-admission-webhook/issues/29', log: 'exec /start.sh: no such file or directory', kind: 'exec-not-found' },
  { src: 'https://github.com/red-hat-storage/odf-operator/pull/33', log: 'standard_init_linux.go:219: exec user process caused: no such file or directory', kind: 'exec-not-found' },
  { src: 'https://github.com/giantswarm/kubernetes-elastic-stack/issues/46', log: 'standard_init_linux.go:195: exec user process caused "no such file or directory"', kind: 'exec-not-found' },
  { src: 'https://github.com/cilium/tetragon/issues/2309', log: 'exec /usr/bin/bash: exec format error', kind: 'exec-format' },
  {
    src: 'https://github.com/geerlingguy/kubernetes-101/issues/31 (kubectl logs with its pod prefix)',
    log: '[pod/hello-go-69c8fd4b66-hddqv/kube101] standard_init_linux.go:219: exec user process caused: exec format error',
    kind: 'exec-format',
  },
  // a script calls a program the image lacks
  {
    src: 'https://github.com/IMC3ofC/db2express-c.docker/issues/7',
    log: 'Changing password for user db2inst1.\npasswd: all authentication tokens updated successfully.\nNew password: Retype new password: /entrypoint.sh: line 51: exec: : not found',
    kind: 'command-not-found',
  },
  // the program's own code or a dependency is missing from the image
  {
    src: 'https://github.com/kubeedge/sedna/issues/320',
    log: 'Traceback (most recent call last):\n  File "/code/lib/sedna/service/run_kb.py", line 18, in <module>\n    from sedna.service.server.knowledgeBase.model import init_db\n  File "/code/lib/sedna/algorithms/optical_flow/__init__.py", line 19, in <module>\n    import cv2\nModuleNotFoundError: No module named \'cv2\'',
    kind: 'missing-module',
  },
  {
    src: 'https://github.com/makeplane/plane/issues/7517 (docker-compose prefixes)',
    log: "web_1          | Error: Cannot find module '/app/web/server.js'\nweb_1          |     at Function._resolveFilename (node:internal/modules/cjs/loader:1401:15)\nweb_1          |   code: 'MODULE_NOT_FOUND',\nweb_1          | Node.js v22.17.1",
    kind: 'missing-module',
  },
  {
    src: 'https://github.com/aws-samples/aws-microservices-deploy-options/issues/6',
    log: 'exec java -XX:+UseParallelGC -XX:GCTimeRatio=4 -cp .:/deployments/* org.aws.samples.compute.webapp.Main\nError: Could not find or load main class org.aws.samples.compute.webapp.Main',
    kind: 'missing-module',
  },
  {
    src: 'https://github.com/helm/charts/issues/19800',
    log: "+ /config-scripts/run\n+ exec java -cp '/apache-zookeeper-*/lib/*:/conf:' -Xmx1G -Xms1G org.apache.zookeeper.server.quorum.QuorumPeerMain /conf/zoo.cfg\nError: Could not find or load main class org.apache.zookeeper.server.quorum.QuorumPeerMain",
    kind: 'missing-module',
  },
  // the shared fixtures' shapes, each a class of its own
  {
    src: 'psycopg2/libpq connection error, as a Django or SQLAlchemy traceback ends',
    log: 'sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not connect to server: Connection refused\n\tIs the server running on host "postgres" (10.96.44.12) and accepting\n\tTCP/IP connections on port 5432?',
    kind: 'connection-refused',
  },
  { src: 'java.net.BindException (a Spring Boot or Tomcat start-up log)', log: 'Caused by: java.net.BindException: Address already in use', kind: 'address-in-use' },
  { src: 'dash, the /bin/sh of Debian and Ubuntu images, on a missing command', log: '/bin/sh: 1: curl: not found', kind: 'command-not-found' },
  { src: 'fixtures/log-dependency-dns.yaml', log: 'ERROR notifier: failed to connect to broker: dial tcp: lookup rabbitmq.messaging.svc.cluster.local on 10.96.0.10:53: no such host', kind: 'dns' },
  { src: 'Node.js net module, lib/net.js (listen EADDRINUSE)', log: 'Error: listen EADDRINUSE: address already in use :::3000', kind: 'address-in-use' },
  { src: 'Spring Framework, PropertyPlaceholderHelper.parseStringValue', log: "java.lang.IllegalArgumentException: Could not resolve placeholder 'DB_PASSWORD' in value \"${DB_PASSWORD}\"", kind: 'missing-env' },
  // istio-init's set -x trace, the node's kernel lacking the REDIRECT target (fixtures/real/154)
  { src: 'istio/istio#13630 (OKD, istio-init)', log: '+ iptables -t nat -N ISTIO_REDIRECT\n+ iptables -t nat -A ISTIO_REDIRECT -p tcp -j REDIRECT --to-port 15001\niptables: No chain/target/match by that name.\n+ dump\n+ iptables-save', kind: 'iptables' },
  { src: 'libiptc iptc_strerror, TC_CREATE_CHAIN / EEXIST (an init container run a second time)', log: 'iptables: Chain already exists.', kind: 'iptables' },
  { src: 'iptables without root: its own permission error, not a file\'s', log: 'iptables v1.8.4 (legacy): can\'t initialize iptables table `nat\': Permission denied (you must be root)', kind: 'iptables' },
  { src: 'negative case written for this test: the command traced, not its error', log: '+ iptables -t nat -N ISTIO_REDIRECT -m comment --comment istio/redirect-common-chain', kind: undefined },
  // a database refused the credentials (PostgreSQL's FATAL 28P01 through JDBC, MySQL's 1045)
  {
    src: 'fixtures/real/420 (Quarkus, PostgreSQL JDBC)',
    log: '2025-10-26 06:44:34,957 WARN  [io.agr.pool] (agroal-11) Datasource \'<default>\': FATAL: password authentication failed for user "my-default"\n2025-10-26 06:44:35,031 ERROR [io.qua.run.Application] (main) Failed to start application (with profile prod): org.postgresql.util.PSQLException: FATAL: password authentication failed for user "my-default"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:623)',
    kind: 'db-auth',
  },
  { src: 'MySQL server error 1045 as a client prints it', log: "ERROR 1045 (28000): Access denied for user 'app'@'10.244.1.7' (using password: YES)", kind: 'db-auth' },
  // a TLS certificate that does not verify: the cause, before the connection errors after it
  {
    src: 'fixtures/real/199 (metrics-server scraping kubelets)',
    log: 'E0601 scraper.go:140] "Failed to scrape node" err="Get \\"https://10.0.0.5:10250/metrics/resource\\": tls: failed to verify certificate: x509: cannot validate certificate for 10.0.0.5 because it doesn\'t contain any IP SANs" node="n1"',
    kind: 'tls-verify',
  },
  { src: 'Go crypto/x509 UnknownAuthorityError', log: 'Error: Get "https://registry.local/v2/": x509: certificate signed by unknown authority\ndial tcp 10.0.0.1:443: connect: connection refused', kind: 'tls-verify' },
  // the connection went nowhere
  { src: 'fixtures/real/414 (MySQL Connector/J under STRICT mTLS)', log: 'Communications link failure\nThe last packet sent successfully to the server was 0 milliseconds ago.', kind: 'connect-failed' },
  { src: 'Go net.Dialer timeout', log: 'level=error msg="cannot reach redis" err="dial tcp 10.96.3.4:6379: i/o timeout"', kind: 'connect-failed' },
  // kube-proxy's sync: iptables' "No such file or directory" is a missing chain, not a missing file
  {
    src: 'fixtures/real/424 (kube-proxy, proxier.go)',
    log: 'E0610 07:32:16.910840       1 proxier.go:1564] "Failed to execute iptables-restore" err=<\n    exit status 2: Ignoring deprecated --wait-interval option.\n    iptables-restore v1.8.8 (legacy): Couldn\'t load target `KUBE-SVC-UOLAULR5MHUYULMB\':No such file or directory\n    Error occurred at line: 177',
    kind: 'proxy-rules',
  },
  { src: 'negative case written for this test', log: 'INFO starting\nINFO ready\nINFO shutting down', kind: undefined },
];

for (const row of ROWS) {
  test(`log ${row.kind ?? 'none'}: ${row.log.replace(/\s+/g, ' ').slice(0, 70)} (${row.src})`, () => {
    assert.equal(findLogSignature(row.log.split('\n'))?.kind, row.kind);
  });
}

test('a cause beats what the half-started program logs after it', () => {
  const log = ["Traceback (most recent call last):", "ModuleNotFoundError: No module named 'psycopg2'", 'error: connection refused'];
  assert.equal(findLogSignature(log)?.kind, 'missing-module');
});

test("a Go panic is quoted by its own line, not the goroutine header under it", () => {
  const log = 'panic: runtime error: invalid memory address or nil pointer dereference [recovered]\n\tpanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1a2b3c]\n\ngoroutine 895 [running]:\nmain.reconcile()';
  const s = findLogSignature(log.split('\n'));
  assert.equal(s?.kind, 'go-panic');
  assert.match(s?.line ?? '', /^panic: runtime error: invalid memory address or nil pointer dereference/);
  assert.equal(findLogSignature(['goroutine 1 [running]:', 'main.main()'])?.kind, 'go-panic');
});
