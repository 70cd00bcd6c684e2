// The one thing podwhy takes from @kubernetes/client-node: KubeConfig (kubeconfig files,
// authentication, TLS and proxy options; the API calls themselves are made in client.ts).
// Imported by name here, and this module loaded by dynamic import (kubeconfig.ts), so that the
// bundle holds KubeConfig and what it uses (~1.8 MB) and leaves out client-node's generated API
// clients (~13 MB) that a namespace import of the package would pull in.

export { KubeConfig } from '@kubernetes/client-node';
