// A bare Node process that answers every GTP line at once (`genmove` with a pass): the floor
// for an engine's start-up, measured beside it by scripts/startup.mjs.
import { createInterface } from 'node:readline';

for await (const line of createInterface({ input: process.stdin })) {
  const command = line.trim();
  process.stdout.write(command.startsWith('genmove') ? '= pass\n\n' : '= \n\n');
  if (command === 'quit') break;
}
