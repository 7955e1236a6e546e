// Where the network that ships with tengen lives: a module of its own, so that the command
// line can name it as an option's default without loading the network's runtime.

import { fileURLToPath } from 'node:url';

/** The network that ships with tengen. */
export function defaultNetworkPath(): string {
  return fileURLToPath(new URL('../../data/network/tygem-9d.onnx', import.meta.url));
}
