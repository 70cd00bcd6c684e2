// The fact families, in the order normalize() runs them (as kube-linter's pkg/templates/all lists
// its templates). Each family is declared beside its extractor (its catalogue node and its
// `extract`, src/facts/family.ts); the catalogue lists the families' nodes from here, in this
// order, so adding a family is its file and one line below. A family may read the families above
// it (it names them in `reads`; registry.test.ts checks the order).

import { ADMISSION_FAMILY } from './extractors/admission.js';
import { CONFIG_ERROR_FAMILY } from './extractors/config-error.js';
import { EVICTION_FAMILY } from './extractors/eviction.js';
import { HOOK_FAMILY } from './extractors/hook.js';
import { IMAGE_PULL_FAMILY } from './extractors/image-pull.js';
import { IMAGE_PULLED_FAMILY } from './extractors/image-pulled.js';
import { MOUNT_FAMILY } from './extractors/mount.js';
import { NODE_SHUTDOWN_FAMILY } from './extractors/node-shutdown.js';
import { SANDBOX_FAMILY } from './extractors/sandbox.js';
import { SCHEDULING_FAMILY } from './extractors/scheduling.js';
import { START_ERROR_FAMILY } from './extractors/start-error.js';
import { BACKOFF_FAMILY } from './arithmetic.js';
import { CLAIMS_FAMILY } from './claims.js';
import { LOGS_FAMILY } from './logs.js';
import { NODE_FAMILY } from './node.js';
import { NODE_FIT_FAMILY } from './node-fit.js';

/** Families of the pod: each fills one root of Facts. */
export const POD_FAMILIES = [
  SCHEDULING_FAMILY, // the scheduler's message, split
  EVICTION_FAMILY, // the eviction manager's message
  MOUNT_FAMILY, // the most telling volume failure
  SANDBOX_FAMILY, // the newest sandbox/network failure
  ADMISSION_FAMILY, // the kubelet's admission rejection
  NODE_SHUTDOWN_FAMILY, // the kubelet's graceful node shutdown
  NODE_FAMILY, // the pod's Node
  NODE_FIT_FAMILY, // an unplaced pod against the cluster's nodes (reads scheduling)
  CLAIMS_FAMILY, // the claims it mounts (reads scheduling, nodeFit)
] as const;

/** Families of each container: each fills one field of ContainerFacts. */
export const CONTAINER_FAMILIES = [
  BACKOFF_FAMILY, // the CrashLoopBackOff wait
  HOOK_FAMILY, // a failed lifecycle hook
  LOGS_FAMILY, // the log's tail and its failure signature
  IMAGE_PULL_FAMILY, // why the image could not be had
  IMAGE_PULLED_FAMILY, // how long the image took to pull
  CONFIG_ERROR_FAMILY, // why the container config could not be built
  START_ERROR_FAMILY, // why the process could not start
] as const;
