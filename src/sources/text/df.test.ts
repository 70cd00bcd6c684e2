import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nodeDiskSummary, readDf } from './df.js';

describe('df pasted with a pod', () => {
  test('rows under the header, the fullest root or /var filesystem in words', () => {
    const rows = readDf([
      'ubuntu@ip-10-0-0-81:~$ df -h',
      'Filesystem      Size  Used Avail Use% Mounted on',
      '/dev/root       8.7G  7.8G  895M  90% /',
      'tmpfs           479M     0  479M   0% /dev/shm',
      '/dev/xvda16     881M   76M  744M  10% /boot',
      'shm              64M     0   64M   0% /var/snap/microk8s/common/run/containerd/io.containerd.grpc.v1.cri/sandboxes/9741/shm',
      '/dev/nvme1n1    100G   97G    3G  97% /var/lib/containerd',
      '',
      'Filesystem Size Used Avail Use% Mounted on',
    ]);
    assert.equal(rows.length, 5);
    assert.deepEqual(rows[0], { filesystem: '/dev/root', size: '8.7G', used: '7.8G', avail: '895M', usePercent: '90%', mount: '/' });
    assert.equal(nodeDiskSummary(rows), '/var/lib/containerd (/dev/nvme1n1) 97% used, 3G of 100G available');
    assert.equal(nodeDiskSummary(rows.slice(0, 4)), '/ (/dev/root) 90% used, 895M of 8.7G available');
  });
  test('1K-blocks and Available headers; only /boot or tmpfs: nothing said', () => {
    const rows = readDf(['Filesystem     1K-blocks    Used Available Use% Mounted on', 'tmpfs 100 0 100 0% /run', '/dev/sda1 1000 10 990 1% /boot']);
    assert.equal(rows.length, 2);
    assert.equal(nodeDiskSummary(rows), undefined);
    assert.deepEqual(readDf(['Filesystem is full', '/dev/root 8.7G 7.8G 895M 90% /']), []);
  });
});
